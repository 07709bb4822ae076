// A conversation's menu in Recent Chats, opened: pin or unpin it, file it in a folder or take it out.
// Loaded on the first click of its trigger (library-chat-menu.tsx), with the menu machinery.
import type { Folder } from "@tessera/contracts";
import { Check, Folder as FolderIcon, FolderMinus, MoreHorizontal, Pin, PinOff } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useOrganize } from "../api/library-folders";
import { useTranslation } from "react-i18next";
import { shownTitle } from "@/lib/default-titles";

const itemClass =
  "flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-accent data-[disabled]:opacity-50";

export function LibraryChatMenuPopup({
  conversation,
  folders,
  className,
}: {
  conversation: { id: string; title: string; pinned: boolean; folderId: string | null };
  folders: Folder[];
  className?: string;
}) {
  const { t } = useTranslation("chat");
  const organize = useOrganize();
  const { id } = conversation;
  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger
        aria-label={t("chatMenu.moreNamed", { title: shownTitle(conversation.title) })}
        title={t("chatMenu.more")}
        className={className}
      >
        <MoreHorizontal className="size-3.5" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-48 rounded-lg border bg-popover p-1 text-popover-foreground shadow-md"
        >
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => organize.mutate({ id, pinned: !conversation.pinned })}
          >
            {conversation.pinned ? (
              <PinOff className="size-4" aria-hidden="true" />
            ) : (
              <Pin className="size-4" aria-hidden="true" />
            )}
            {conversation.pinned ? t("chatMenu.unpin") : t("chatMenu.pin")}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Label className="px-2 py-1 text-xs text-muted-foreground">
            {t("chatMenu.moveTo")}
          </DropdownMenu.Label>
          {folders.length === 0 ? (
            <DropdownMenu.Item disabled className={itemClass}>
              {t("chatMenu.noFolders")}
            </DropdownMenu.Item>
          ) : null}
          {folders.map((folder) => (
            <DropdownMenu.Item
              key={folder.id}
              className={itemClass}
              disabled={folder.id === conversation.folderId}
              onSelect={() => organize.mutate({ id, folderId: folder.id })}
            >
              {folder.id === conversation.folderId ? (
                <Check className="size-4" aria-hidden="true" />
              ) : (
                <FolderIcon className="size-4" aria-hidden="true" />
              )}
              <span className="truncate">{folder.name}</span>
            </DropdownMenu.Item>
          ))}
          {conversation.folderId ? (
            <DropdownMenu.Item className={itemClass} onSelect={() => organize.mutate({ id, folderId: null })}>
              <FolderMinus className="size-4" aria-hidden="true" />
              {t("chatMenu.removeFromFolder")}
            </DropdownMenu.Item>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
