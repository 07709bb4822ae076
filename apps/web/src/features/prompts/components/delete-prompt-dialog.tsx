import type { PromptTemplate } from "@tessera/contracts";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";

/** Asks before one of the person's own prompts is deleted for good. */
export function DeletePromptDialog(props: {
  prompt: PromptTemplate | null;
  onCancel: () => void;
  onConfirm: (prompt: PromptTemplate) => void;
}) {
  return (
    <ConfirmDeleteDialog
      item={props.prompt}
      title="Delete prompt?"
      description={(p) => (
        <>
          “{p.title}” will be deleted for good
          {p.isPublic ? ", for everyone it was shared with" : ""}. This cannot be undone.
        </>
      )}
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    />
  );
}
