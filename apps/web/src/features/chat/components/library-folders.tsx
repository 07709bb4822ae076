// The person's folders in Recent Chats: each collapsible, holding its chats, a place to drop a chat
// onto, renamed in place or deleted from its menu (its chats stay, unfiled).
import type { Folder } from "@tessera/contracts";
import { ChevronRight, Folder as FolderIcon, FolderOpen, MoreHorizontal } from "lucide-react";
import { Suspense, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { lazyChunk } from "@/lib/chunk-load";
import { cn } from "@/lib/utils";
import type { LibraryConversation } from "@tessera/contracts";
import { useFolderActions, useFolderConversations, useOrganize } from "../api/library-folders";
import { CONVERSATION_DRAG_TYPE } from "./library-chat-menu";
import { TitleEditor } from "./title-editor";
import { useTranslation } from "react-i18next";

const FolderMenuPopup = lazyChunk(() =>
  import("./library-folder-menu").then((m) => ({ default: m.FolderMenuPopup })),
);

const folderMenuTrigger =
  "absolute top-1 end-1 flex size-7 items-center justify-center rounded-md text-muted-foreground opacity-0 outline-none group-hover/folder:opacity-100 hover:bg-accent focus-visible:opacity-100 data-[state=open]:opacity-100 [@media(hover:none)]:opacity-100";

/** A folder's menu button; the menu and the menu machinery load on its first click. */
function FolderMenu(props: { folder: Folder; onRename: () => void; onDelete: () => void }) {
  const { t } = useTranslation("chat");
  const [wanted, setWanted] = useState(false);
  const trigger = (
    <button
      type="button"
      aria-label={t("folders.actions", { name: props.folder.name })}
      className={folderMenuTrigger}
      onClick={() => setWanted(true)}
    >
      <MoreHorizontal className="size-3.5" aria-hidden="true" />
    </button>
  );
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <FolderMenuPopup {...props} triggerClassName={folderMenuTrigger} />
    </Suspense>
  );
}

/** Makes `children` a place to drop a dragged chat: it is filed in `folderId` (null: unfiled). */
export function ChatDropZone({
  folderId,
  label,
  children,
  className,
}: {
  folderId: string | null;
  label: string;
  children: ReactNode;
  className?: string;
}) {
  const organize = useOrganize();
  const [over, setOver] = useState(false);
  return (
    <div
      aria-label={label}
      className={cn(className, over && "rounded-lg ring-2 ring-primary/50")}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes(CONVERSATION_DRAG_TYPE)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = "move";
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        setOver(false);
        const id = e.dataTransfer.getData(CONVERSATION_DRAG_TYPE);
        if (!id) return;
        e.preventDefault();
        organize.mutate({ id, folderId });
      }}
    >
      {children}
    </div>
  );
}

function FolderRow({
  folder,
  renderChat,
}: {
  folder: Folder;
  renderChat: (c: LibraryConversation) => ReactNode;
}) {
  const { t } = useTranslation("chat");
  const [open, setOpen] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const { rename, remove } = useFolderActions();
  const chats = useFolderConversations(folder.id, open);
  const Icon = open ? FolderOpen : FolderIcon;
  return (
    <li>
      <ChatDropZone
        folderId={folder.id}
        label={t("folders.folderNamed", { name: folder.name })}
        className="group/folder relative"
      >
        {renaming ? (
          <TitleEditor
            initial={folder.name}
            onDone={(next) => {
              setRenaming(false);
              if (next && next !== folder.name) rename.mutate({ id: folder.id, name: next });
            }}
          />
        ) : (
          <button
            type="button"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
            className="flex w-full items-center gap-1.5 rounded-lg py-1.5 ps-1.5 pe-9 text-start text-sm font-medium transition-colors outline-none hover:bg-accent/70 focus-visible:ring-[3px] focus-visible:ring-ring/40"
          >
            <ChevronRight
              className={cn(
                "size-3.5 shrink-0 text-muted-foreground transition-transform",
                open ? "rotate-90" : "rtl:rotate-180",
              )}
              aria-hidden="true"
            />
            <Icon className="size-4 shrink-0 text-primary/80" aria-hidden="true" />
            <span className="truncate">{folder.name}</span>
            <span className="ms-auto text-xs font-normal text-muted-foreground">
              {folder.conversation_count}
            </span>
          </button>
        )}
        {!renaming ? (
          <FolderMenu
            folder={folder}
            onRename={() => setRenaming(true)}
            onDelete={() => remove.mutate(folder.id)}
          />
        ) : null}
      </ChatDropZone>
      {open ? (
        <div className="ms-3 border-s ps-1.5">
          {chats.isPending ? <Spinner className="m-2" /> : null}
          {chats.data && chats.data.length === 0 ? (
            <p className="px-2.5 py-1.5 text-xs text-muted-foreground">{t("folders.empty")}</p>
          ) : null}
          {chats.data ? <ul className="flex flex-col gap-0.5">{chats.data.map(renderChat)}</ul> : null}
          {chats.hasNextPage ? (
            <Button
              size="sm"
              variant="ghost"
              className="w-full text-muted-foreground"
              onClick={() => void chats.fetchNextPage()}
            >
              {t("folders.showMore")}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

export function LibraryFolders({
  folders,
  renderChat,
}: {
  folders: Folder[];
  renderChat: (c: LibraryConversation) => ReactNode;
}) {
  const { t } = useTranslation("chat");
  if (folders.length === 0) return null;
  return (
    <ul aria-label={t("folders.label")} className="mb-2 flex flex-col gap-0.5 border-b pb-2">
      {folders.map((folder) => (
        <FolderRow key={folder.id} folder={folder} renderChat={renderChat} />
      ))}
    </ul>
  );
}
