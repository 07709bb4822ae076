import type { PromptTemplate } from "@tessera/contracts";
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

/** Asks before one of the person's own prompts is deleted for good. */
export function DeletePromptDialog({
  prompt,
  onCancel,
  onConfirm,
}: {
  prompt: PromptTemplate | null;
  onCancel: () => void;
  onConfirm: (prompt: PromptTemplate) => void;
}) {
  return (
    <AlertDialog open={prompt !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete prompt?</AlertDialogTitle>
          <AlertDialogDescription>
            “{prompt?.title}” will be deleted for good
            {prompt?.isPublic ? ", for everyone it was shared with" : ""}. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => prompt && onConfirm(prompt)}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
