import type { PromptTemplate } from "@tessera/contracts";
import { useTranslation } from "react-i18next";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";

/** Asks before one of the person's own prompts is deleted for good. */
export function DeletePromptDialog(props: {
  prompt: PromptTemplate | null;
  onCancel: () => void;
  onConfirm: (prompt: PromptTemplate) => void;
}) {
  const { t } = useTranslation("prompts");
  return (
    <ConfirmDeleteDialog
      item={props.prompt}
      title={t("delete.title")}
      description={(p) =>
        p.isPublic
          ? t("delete.descriptionPublic", { title: p.title })
          : t("delete.description", { title: p.title })
      }
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    />
  );
}
