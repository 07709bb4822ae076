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

/** Asks before something is deleted for good: open while `item` is set, Delete hands it back. */
export function ConfirmDeleteDialog<T>({
  item,
  title,
  description,
  onCancel,
  onConfirm,
}: {
  item: T | null;
  title: string;
  description: (item: T) => ReactNode;
  onCancel: () => void;
  onConfirm: (item: T) => void;
}) {
  return (
    <AlertDialog open={item !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{item === null ? null : description(item)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => item !== null && onConfirm(item)}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
