import type { Assistant } from "@tessera/contracts";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";

/** Asks before an assistant is deleted for good (its documents stay in the workspace). */
export function DeleteAssistantDialog(props: {
  assistant: Assistant | null;
  onCancel: () => void;
  onConfirm: (assistant: Assistant) => void;
}) {
  return (
    <ConfirmDeleteDialog
      item={props.assistant}
      title="Delete assistant?"
      description={(a) => (
        <>
          “{a.name}” will be deleted
          {a.isPublic ? ", also for everyone who uses it" : ""}. Its knowledge documents stay in your
          workspace. This cannot be undone.
        </>
      )}
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    />
  );
}
