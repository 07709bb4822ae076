import type { ConversationSummary, Folder, LibraryConversation } from "@tessera/contracts";
import { MessageSquare, Pencil, Pin, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { cn } from "@/lib/utils";
import { formatRelativeTime } from "../utils/time-label";
import { LibraryChatMenu, CONVERSATION_DRAG_TYPE } from "./library-chat-menu";
import { TitleEditor, useTitleRename } from "./title-editor";

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
  const rename = useTitleRename((next) => onRename(conversation, next));
  const updated = new Date(conversation.updated_at);
  const title = rename.saving ?? (conversation.title || "Untitled chat");

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
          "flex items-start gap-2.5 rounded-lg py-2 pr-9 pl-2.5 text-sm transition-colors outline-none",
          folders
            ? "group-focus-within/item:pr-24 group-hover/item:pr-24 [@media(hover:none)]:pr-24"
            : "group-focus-within/item:pr-16 group-hover/item:pr-16 [@media(hover:none)]:pr-16",
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
            <span className={cn("truncate", active && "font-medium")}>{title}</span>
            {conversation.pinned ? (
              <Pin className="size-3 shrink-0 text-primary" aria-label="Pinned" />
            ) : null}
          </span>
          <time
            dateTime={conversation.updated_at}
            title={updated.toLocaleString()}
            className="text-xs text-muted-foreground"
          >
            {formatRelativeTime(updated)}
          </time>
        </span>
      </Link>
      <button
        ref={rename.pencil}
        type="button"
        aria-label={`Rename conversation: ${title}`}
        title="Rename conversation"
        disabled={rename.saving !== null}
        onClick={rename.start}
        className={cn(actionClass, folders ? "right-16" : "right-9", "hover:bg-accent hover:text-foreground")}
      >
        <Pencil className="size-3.5" aria-hidden="true" />
      </button>
      <button
        type="button"
        aria-label={`Delete conversation: ${title}`}
        title="Delete conversation"
        onClick={() => onDelete(conversation)}
        className={cn(
          actionClass,
          folders ? "right-9" : "right-1.5",
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
          className={cn(actionClass, "right-1.5 hover:bg-accent hover:text-foreground")}
        />
      ) : null}
    </li>
  );
}
