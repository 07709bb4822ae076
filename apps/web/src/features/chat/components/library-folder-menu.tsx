// A folder's menu in Recent Chats, opened: rename the folder, or delete it after a confirmation (its
// chats stay, unfiled). Loaded on the first click of its button (library-folders.tsx).
import type { Folder } from "@tessera/contracts";
import { MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useState } from "react";
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
import { cn } from "@/lib/utils";
import { useTranslation } from "react-i18next";

const itemClass =
  "flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-accent";

export function FolderMenuPopup({
  folder,
  onRename,
  onDelete,
  triggerClassName,
}: {
  folder: Folder;
  onRename: () => void;
  onDelete: () => void;
  triggerClassName: string;
}) {
  const { t } = useTranslation("chat");
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <DropdownMenu.Root defaultOpen>
        <DropdownMenu.Trigger
          aria-label={t("folders.actions", { name: folder.name })}
          className={triggerClassName}
        >
          <MoreHorizontal className="size-3.5" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-40 rounded-lg border bg-popover p-1 text-popover-foreground shadow-md"
          >
            <DropdownMenu.Item className={itemClass} onSelect={onRename}>
              <Pencil className="size-4" aria-hidden="true" />
              {t("folders.rename")}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={cn(itemClass, "text-destructive")}
              onSelect={() => setConfirming(true)}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              {t("folders.deleteKeeps")}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("folders.deleteTitle", { name: folder.name })}</AlertDialogTitle>
            <AlertDialogDescription>
              {t("folders.deleteDescription", { count: folder.conversation_count })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={onDelete}>
              {t("folders.delete")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
