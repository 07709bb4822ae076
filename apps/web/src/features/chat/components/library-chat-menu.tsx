// A conversation's menu button in Recent Chats. The menu (library-chat-menu-popup.tsx) and the menu
// machinery load on its first click, not with the chat's first screen.
import type { Folder } from "@tessera/contracts";
import { MoreHorizontal } from "lucide-react";
import { Suspense, useState } from "react";
import { lazyChunk } from "@/lib/chunk-load";
import { useTranslation } from "react-i18next";
import { shownTitle } from "@/lib/default-titles";

/** What a chat carries while dragged onto a folder. */
export const CONVERSATION_DRAG_TYPE = "application/x-tessera-conversation";

const LibraryChatMenuPopup = lazyChunk(() =>
  import("./library-chat-menu-popup").then((m) => ({ default: m.LibraryChatMenuPopup })),
);

type MenuProps = {
  conversation: { id: string; title: string; pinned: boolean; folderId: string | null };
  folders: Folder[];
  className?: string;
};

export function LibraryChatMenu(props: MenuProps) {
  const { t } = useTranslation("chat");
  const [wanted, setWanted] = useState(false);
  const trigger = (
    <button
      type="button"
      aria-label={t("chatMenu.moreNamed", { title: shownTitle(props.conversation.title) })}
      title={t("chatMenu.more")}
      className={props.className}
      onClick={() => setWanted(true)}
    >
      <MoreHorizontal className="size-3.5" aria-hidden="true" />
    </button>
  );
  if (!wanted) return trigger;
  // Mounted open once loaded, and kept mounted after, so reopening is instant.
  return (
    <Suspense fallback={trigger}>
      <LibraryChatMenuPopup {...props} />
    </Suspense>
  );
}
