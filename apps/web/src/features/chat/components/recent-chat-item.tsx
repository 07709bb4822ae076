import { CONVERSATION_TITLE_MAX, oneLine, type ConversationSummary } from "@tessera/contracts";
import { MessageSquare, Pencil, Trash2 } from "lucide-react";
import { useRef, useState, type KeyboardEvent } from "react";
import { Link } from "react-router";
import { Input } from "@/components/ui/input";
import { OWN_ESCAPE } from "@/components/ui/own-escape";
import { cn } from "@/lib/utils";
import { formatRelativeTime } from "../utils/time-label";

const actionClass =
  "absolute top-1.5 flex size-7 items-center justify-center rounded-md text-muted-foreground opacity-0 transition outline-none group-hover/item:opacity-100 focus-visible:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/40 [@media(hover:none)]:opacity-100";

/** The title box that stands in for the link while renaming: Enter or leaving it saves, Escape cancels. */
function TitleEditor({
  initial,
  onDone,
}: {
  initial: string;
  /** The new title, or null when nothing is to change (Escape, blank, or the same title). */
  onDone: (title: string | null, byKey: boolean) => void;
}) {
  const finished = useRef(false);
  const finish = (value: string | null, byKey: boolean) => {
    if (finished.current) return;
    finished.current = true;
    const title = oneLine(value ?? "");
    onDone(title && title !== initial ? title : null, byKey);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape") {
      // Only the rename is cancelled, not the sheet the list may be in (OWN_ESCAPE).
      event.preventDefault();
      finish(null, true);
    } else if (event.key === "Enter") {
      event.preventDefault();
      finish(event.currentTarget.value, true);
    }
  };
  return (
    <div className="flex items-center gap-2.5 rounded-lg bg-accent/70 py-1.5 pr-1.5 pl-2.5">
      <Pencil className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <Input
        {...OWN_ESCAPE}
        aria-label="Conversation title"
        defaultValue={initial}
        maxLength={CONVERSATION_TITLE_MAX}
        autoFocus
        onFocus={(e) => e.currentTarget.select()}
        onKeyDown={onKeyDown}
        onBlur={(e) => finish(e.currentTarget.value, false)}
        className="h-8 bg-background px-2"
      />
    </div>
  );
}

/** One conversation in Recent Chats: opens it, renames it in place, or asks to delete it. */
export function RecentChatItem({
  conversation,
  active,
  onOpen,
  onRename,
  onDelete,
}: {
  conversation: ConversationSummary;
  active: boolean;
  onOpen?: () => void;
  /** Saves a new title; resolves once saved or refused. */
  onRename: (conversation: ConversationSummary, title: string) => Promise<unknown>;
  onDelete: (conversation: ConversationSummary) => void;
}) {
  const [editing, setEditing] = useState(false);
  // The title being saved, shown until the list has it.
  const [saving, setSaving] = useState<string | null>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const updated = new Date(conversation.updated_at);
  const title = saving ?? (conversation.title || "Untitled chat");

  const done = (next: string | null, byKey: boolean) => {
    setEditing(false);
    if (byKey) requestAnimationFrame(() => renameButton.current?.focus());
    if (next === null) return;
    setSaving(next);
    void onRename(conversation, next).finally(() => setSaving(null));
  };

  if (editing)
    return (
      <li>
        <TitleEditor initial={conversation.title} onDone={done} />
      </li>
    );

  return (
    <li className="group/item relative">
      <Link
        to={`/dashboard/chat?conversation=${encodeURIComponent(conversation.id)}`}
        aria-current={active ? "page" : undefined}
        onClick={onOpen}
        className={cn(
          // Room for the two buttons while they show; otherwise the title may use it.
          "flex items-start gap-2.5 rounded-lg py-2 pr-9 pl-2.5 text-sm transition-colors outline-none",
          "group-focus-within/item:pr-16 group-hover/item:pr-16 [@media(hover:none)]:pr-16",
          "hover:bg-accent/70 focus-visible:ring-[3px] focus-visible:ring-ring/40",
          active && "bg-accent text-accent-foreground",
        )}
      >
        <MessageSquare
          className={cn("mt-0.5 size-4 shrink-0 text-muted-foreground", active && "text-primary")}
          aria-hidden="true"
        />
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className={cn("truncate", active && "font-medium")}>{title}</span>
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
        ref={renameButton}
        type="button"
        aria-label={`Rename conversation: ${title}`}
        title="Rename conversation"
        disabled={saving !== null}
        onClick={() => setEditing(true)}
        className={cn(actionClass, "right-9 hover:bg-accent hover:text-foreground")}
      >
        <Pencil className="size-3.5" aria-hidden="true" />
      </button>
      <button
        type="button"
        aria-label={`Delete conversation: ${title}`}
        title="Delete conversation"
        onClick={() => onDelete(conversation)}
        className={cn(actionClass, "right-1.5 hover:bg-destructive/10 hover:text-destructive")}
      >
        <Trash2 className="size-3.5" aria-hidden="true" />
      </button>
    </li>
  );
}
