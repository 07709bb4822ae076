import type { ConversationSummary } from "@tessera/contracts";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";

/** Asks before a conversation and its messages are deleted for good. */
export function DeleteConversationDialog({
  conversation,
  onCancel,
  onConfirm,
}: {
  conversation: ConversationSummary | null;
  onCancel: () => void;
  onConfirm: (conversation: ConversationSummary) => void;
}) {
  return (
    <AlertDialog open={conversation !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete conversation?</AlertDialogTitle>
          <AlertDialogDescription>
            “{conversation?.title || "Untitled chat"}” and all its messages will be deleted. This cannot be
            undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => conversation && onConfirm(conversation)}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
