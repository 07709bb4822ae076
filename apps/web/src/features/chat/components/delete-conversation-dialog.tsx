import type { ConversationSummary } from "@tessera/contracts";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { useTranslation } from "react-i18next";
import { shownTitle } from "@/lib/default-titles";

/** Asks before a conversation and its messages are deleted for good. */
export function DeleteConversationDialog(props: {
  conversation: ConversationSummary | null;
  onCancel: () => void;
  onConfirm: (conversation: ConversationSummary) => void;
}) {
  const { t } = useTranslation("chat");
  return (
    <ConfirmDeleteDialog
      item={props.conversation}
      title={t("deleteDialog.title")}
      description={(c) => t("deleteDialog.description", { title: shownTitle(c.title) || t("untitled") })}
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    />
  );
}
