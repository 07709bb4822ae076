import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
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
  const { t } = useTranslation("compare");
  const [open, setOpen] = useState(false);
  const deletion = useDeleteComparison();
  const confirm = () =>
    deletion.mutate(comparisonId, {
      onSuccess: () => {
        toast.success(t("delete.deleted"));
        onDeleted();
      },
      onError: (error) => showComparisonError(error, "deleteFailed"),
    });
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} disabled={deletion.isPending}>
        <Trash2 aria-hidden="true" />
        {t("delete.button")}
      </Button>
      <ConfirmDeleteDialog
        item={open ? comparisonId : null}
        title={t("delete.title")}
        description={() => t("delete.description")}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          confirm();
        }}
      />
    </>
  );
}
