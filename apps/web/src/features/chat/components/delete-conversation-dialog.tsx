import type { ConversationSummary } from "@tessera/contracts";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";

/** Asks before a conversation and its messages are deleted for good. */
export function DeleteConversationDialog(props: {
  conversation: ConversationSummary | null;
  onCancel: () => void;
  onConfirm: (conversation: ConversationSummary) => void;
}) {
  return (
    <ConfirmDeleteDialog
      item={props.conversation}
      title="Delete conversation?"
      description={(c) => (
        <>“{c.title || "Untitled chat"}” and all its messages will be deleted. This cannot be undone.</>
      )}
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    />
  );
}
