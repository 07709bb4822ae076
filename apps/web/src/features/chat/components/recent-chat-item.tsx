import type { ConversationSummary, Folder, LibraryConversation } from "@tessera/contracts";
import { MessageSquare, Pencil, Pin, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { cn, formatWhen } from "@/lib/utils";
import { formatRelativeTime } from "../utils/time-label";
import { LibraryChatMenu, CONVERSATION_DRAG_TYPE } from "./library-chat-menu";
import { TitleEditor, useTitleRename } from "./title-editor";
import { useTranslation } from "react-i18next";
import { shownTitle } from "@/lib/default-titles";

const actionClass =
  "absolute top-1.5 flex size-7 items-center justify-center rounded-md text-muted-foreground opacity-0 transition outline-none group-hover/item:opacity-100 focus-visible:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/40 [@media(hover:none)]:opacity-100";

/**
 * One conversation in Recent Chats: opens it, renames it in place, asks to delete it, and (with
 * `folders`) pins it or files it in a folder, from its menu or by dragging it onto a folder.
 */
export function RecentChatItem({
  conversation,
  active,
  onOpen,
  onRename,
  onDelete,
  folders,
}: {
  conversation: ConversationSummary & Partial<Pick<LibraryConversation, "pinned" | "folder_id">>;
  /** The person's folders, offered in the chat's menu; absent: no menu. */
  folders?: Folder[];
  active: boolean;
  onOpen?: () => void;
  /** Saves a new title; resolves once saved or refused. */
  onRename: (conversation: ConversationSummary, title: string) => Promise<unknown>;
  onDelete: (conversation: ConversationSummary) => void;
}) {
  const { t } = useTranslation("chat");
  const rename = useTitleRename((next) => onRename(conversation, next));
  const updated = new Date(conversation.updated_at);
  const title = rename.saving ?? (shownTitle(conversation.title) || t("untitled"));

  if (rename.editing)
    return (
      <li>
        <TitleEditor initial={conversation.title} onDone={rename.done} />
      </li>
    );

  return (
    <li
      className="group/item relative"
      draggable={folders !== undefined}
      onDragStart={(e) => {
        e.dataTransfer.setData(CONVERSATION_DRAG_TYPE, conversation.id);
        e.dataTransfer.effectAllowed = "move";
      }}
    >
      <Link
        to={`/dashboard/chat?conversation=${encodeURIComponent(conversation.id)}`}
        aria-current={active ? "page" : undefined}
        onClick={onOpen}
        className={cn(
          // Room for the two buttons while they show; otherwise the title may use it.
          "flex items-start gap-2.5 rounded-lg py-2 ps-2.5 pe-9 text-sm transition-colors outline-none",
          folders
            ? "group-focus-within/item:pe-24 group-hover/item:pe-24 [@media(hover:none)]:pe-24"
            : "group-focus-within/item:pe-16 group-hover/item:pe-16 [@media(hover:none)]:pe-16",
          "hover:bg-accent/70 focus-visible:ring-[3px] focus-visible:ring-ring/40",
          active && "bg-accent text-accent-foreground",
        )}
      >
        <MessageSquare
          className={cn("mt-0.5 size-4 shrink-0 text-muted-foreground", active && "text-primary")}
          aria-hidden="true"
        />
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="flex min-w-0 items-center gap-1">
            <span dir="auto" className={cn("truncate", active && "font-medium")}>
              {title}
            </span>
            {conversation.pinned ? (
              <Pin className="size-3 shrink-0 text-primary" aria-label={t("recent.pinned")} />
            ) : null}
          </span>
          <time
            dateTime={conversation.updated_at}
            title={formatWhen(conversation.updated_at)}
            className="text-xs text-muted-foreground"
          >
            {formatRelativeTime(updated)}
          </time>
        </span>
      </Link>
      <button
        ref={rename.pencil}
        type="button"
        aria-label={t("recent.renameNamed", { title })}
        title={t("recent.rename")}
        disabled={rename.saving !== null}
        onClick={rename.start}
        className={cn(actionClass, folders ? "end-16" : "end-9", "hover:bg-accent hover:text-foreground")}
      >
        <Pencil className="size-3.5" aria-hidden="true" />
      </button>
      <button
        type="button"
        aria-label={t("recent.deleteNamed", { title })}
        title={t("recent.delete")}
        onClick={() => onDelete(conversation)}
        className={cn(
          actionClass,
          folders ? "end-9" : "end-1.5",
          "hover:bg-destructive/10 hover:text-destructive",
        )}
      >
        <Trash2 className="size-3.5" aria-hidden="true" />
      </button>
      {folders ? (
        <LibraryChatMenu
          conversation={{
            id: conversation.id,
            title,
            pinned: Boolean(conversation.pinned),
            folderId: conversation.folder_id ?? null,
          }}
          folders={folders}
          className={cn(actionClass, "end-1.5 hover:bg-accent hover:text-foreground")}
        />
      ) : null}
    </li>
  );
}
