import type { Assistant } from "@tessera/contracts";
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

/** Asks before an assistant is deleted for good (its documents stay in the workspace). */
export function DeleteAssistantDialog({
  assistant,
  onCancel,
  onConfirm,
}: {
  assistant: Assistant | null;
  onCancel: () => void;
  onConfirm: (assistant: Assistant) => void;
}) {
  return (
    <AlertDialog open={assistant !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete assistant?</AlertDialogTitle>
          <AlertDialogDescription>
            “{assistant?.name}” will be deleted
            {assistant?.isPublic ? ", also for everyone who uses it" : ""}. Its knowledge documents stay in
            your workspace. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => assistant && onConfirm(assistant)}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
