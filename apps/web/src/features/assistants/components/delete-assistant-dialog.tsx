import type { Assistant } from "@tessera/contracts";
import { useTranslation } from "react-i18next";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";

/** Asks before an assistant is deleted for good (its documents stay in the workspace). */
export function DeleteAssistantDialog(props: {
  assistant: Assistant | null;
  onCancel: () => void;
  onConfirm: (assistant: Assistant) => void;
}) {
  const { t } = useTranslation("assistants");
  return (
    <ConfirmDeleteDialog
      item={props.assistant}
      title={t("delete.title")}
      description={(a) =>
        a.isPublic
          ? t("delete.descriptionPublic", { name: a.name })
          : t("delete.description", { name: a.name })
      }
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    />
  );
}
