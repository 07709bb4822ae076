import type { ReactNode } from "react";
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
import { useTranslation } from "react-i18next";

/**
 * Asks before something is deleted (or revoked, or removed) for good: open while `item` is set, the
 * action hands it back.
 */
export function ConfirmDeleteDialog<T>({
  item,
  title,
  description,
  action,
  onCancel,
  onConfirm,
}: {
  item: T | null;
  title: string;
  description: (item: T) => ReactNode;
  /** The destructive button's label. */
  action?: string;
  onCancel: () => void;
  onConfirm: (item: T) => void;
}) {
  const { t } = useTranslation();
  return (
    <AlertDialog open={item !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{item === null ? null : description(item)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("actions.cancel")}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => item !== null && onConfirm(item)}>
            {action ?? t("actions.delete")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
