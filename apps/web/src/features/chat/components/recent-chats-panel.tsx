import type { ConversationSummary } from "@tessera/contracts";
import { MessagesSquare, Plus, RotateCcw } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { useOpenedOnce } from "@/lib/use-opened-once";
import { cn } from "@/lib/utils";
import { useDeleteConversation } from "../api/delete-conversation";
import { useConversations } from "../api/get-conversations";
import { RecentChatItem } from "./recent-chat-item";

// Loaded with the first delete, not with the list.
const DeleteConversationDialog = lazy(() =>
  import("./delete-conversation-dialog").then((m) => ({ default: m.DeleteConversationDialog })),
);

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading conversations" className="flex flex-col gap-2 px-2.5 py-2">
      {[70, 55, 80, 45].map((w) => (
        <div key={w} className="flex flex-col gap-1.5 py-1.5">
          <div className="h-3.5 animate-pulse rounded bg-muted" style={{ width: `${w}%` }} />
          <div className="h-2.5 w-16 animate-pulse rounded bg-muted/70" />
        </div>
      ))}
    </div>
  );
}

/** Recent Chats: the 20 latest conversations, a New button, opening and deleting. */
export function RecentChatsPanel({
  activeId,
  onNew,
  onNavigate,
  onDeleted,
  className,
  inSheet = false,
}: {
  activeId: string | null;
  onNew: () => void;
  /** Called after a choice (closes the panel on small screens). */
  onNavigate?: () => void;
  onDeleted: (id: string) => void;
  className?: string;
  /** Leaves room for the sheet's close button in the header. */
  inSheet?: boolean;
}) {
  const { data, isPending, isError, refetch } = useConversations();
  const remove = useDeleteConversation();
  const [pending, setPending] = useState<ConversationSummary | null>(null);
  const deleteMounted = useOpenedOnce(pending !== null);
  const titleId = useId();

  const confirmDelete = (conversation: ConversationSummary) => {
    setPending(null);
    remove.mutate(conversation.id, {
      onSuccess: () => {
        toast.success("Conversation deleted");
        onDeleted(conversation.id);
      },
      onError: () => toast.error("Failed to delete conversation"),
    });
  };

  return (
    <aside aria-labelledby={titleId} className={cn("flex min-h-0 flex-col", className)}>
      <div
        className={cn(
          "flex h-12 shrink-0 items-center justify-between gap-2 border-b px-3",
          inSheet && "pr-12",
        )}
      >
        <h2 id={titleId} className="text-sm font-semibold tracking-tight">
          Recent Chats
        </h2>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            onNew();
            onNavigate?.();
          }}
        >
          <Plus aria-hidden="true" />
          New
        </Button>
      </div>
      <nav aria-label="Conversations" className="min-h-0 flex-1 overflow-y-auto p-2">
        {isPending ? <ListSkeleton /> : null}
        {isError ? (
          <div className="flex flex-col items-center gap-2 px-3 py-8 text-center text-sm text-muted-foreground">
            Could not load your conversations.
            <Button size="sm" variant="ghost" onClick={() => void refetch()}>
              <RotateCcw aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : null}
        {data && data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-3 py-10 text-center">
            <MessagesSquare className="size-8 text-muted-foreground/60" aria-hidden="true" />
            <p className="text-sm font-medium">No conversations yet</p>
            <p className="text-xs text-muted-foreground">Start a new chat to begin</p>
          </div>
        ) : null}
        {data && data.length > 0 ? (
          <ul className="flex flex-col gap-0.5">
            {data.map((conversation) => (
              <RecentChatItem
                key={conversation.id}
                conversation={conversation}
                active={conversation.id === activeId}
                onOpen={onNavigate}
                onDelete={setPending}
              />
            ))}
          </ul>
        ) : null}
      </nav>
      {deleteMounted ? (
        <Suspense fallback={null}>
          <DeleteConversationDialog
            conversation={pending}
            onCancel={() => setPending(null)}
            onConfirm={confirmDelete}
          />
        </Suspense>
      ) : null}
    </aside>
  );
}
