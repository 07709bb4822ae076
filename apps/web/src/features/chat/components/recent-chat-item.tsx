import type { ConversationSummary } from "@tessera/contracts";
import { MessageSquare, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { cn } from "@/lib/utils";
import { formatRelativeTime } from "../utils/time-label";

/** One conversation in Recent Chats: opens it, or asks to delete it. */
export function RecentChatItem({
  conversation,
  active,
  onOpen,
  onDelete,
}: {
  conversation: ConversationSummary;
  active: boolean;
  onOpen?: () => void;
  onDelete: (conversation: ConversationSummary) => void;
}) {
  const updated = new Date(conversation.updated_at);
  return (
    <li className="group/item relative">
      <Link
        to={`/dashboard/chat?conversation=${encodeURIComponent(conversation.id)}`}
        aria-current={active ? "page" : undefined}
        onClick={onOpen}
        className={cn(
          "flex items-start gap-2.5 rounded-lg py-2 pr-9 pl-2.5 text-sm transition-colors outline-none",
          "hover:bg-accent/70 focus-visible:ring-[3px] focus-visible:ring-ring/40",
          active && "bg-accent text-accent-foreground",
        )}
      >
        <MessageSquare
          className={cn("mt-0.5 size-4 shrink-0 text-muted-foreground", active && "text-primary")}
          aria-hidden="true"
        />
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className={cn("truncate", active && "font-medium")}>
            {conversation.title || "Untitled chat"}
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
        type="button"
        aria-label={`Delete conversation: ${conversation.title || "Untitled chat"}`}
        title="Delete conversation"
        onClick={() => onDelete(conversation)}
        className="absolute top-1.5 right-1.5 flex size-7 items-center justify-center rounded-md text-muted-foreground opacity-0 transition outline-none group-hover/item:opacity-100 hover:bg-destructive/10 hover:text-destructive focus-visible:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/40 [@media(hover:none)]:opacity-100"
      >
        <Trash2 className="size-3.5" aria-hidden="true" />
      </button>
    </li>
  );
}
