import { Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { Button } from "@/components/ui/button";
import { useDeleteComparison } from "../api/delete-comparison";
import { showComparisonError } from "../utils/compare-toasts";

/** Deletes a comparison and its answers after asking; `onDeleted` leaves the page. */
export function DeleteComparisonButton({
  comparisonId,
  onDeleted,
}: {
  comparisonId: string;
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState(false);
  const deletion = useDeleteComparison();
  const confirm = () =>
    deletion.mutate(comparisonId, {
      onSuccess: () => {
        toast.success("Comparison deleted");
        onDeleted();
      },
      onError: (error) => showComparisonError(error, "Failed to delete comparison"),
    });
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} disabled={deletion.isPending}>
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
      <ConfirmDeleteDialog
        item={open ? comparisonId : null}
        title="Delete comparison?"
        description={() =>
          "The prompt, every answer and its rating will be deleted, and the ratings leave your leaderboard. This cannot be undone."
        }
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          confirm();
        }}
      />
    </>
  );
}
