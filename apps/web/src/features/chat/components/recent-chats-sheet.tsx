import type { ReactNode } from "react";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { useTranslation } from "react-i18next";

/** Recent Chats on small screens, where the panel has no room beside the chat. */
export function RecentChatsSheet(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation("chat");
  return (
    <Sheet open={props.open} onOpenChange={props.onOpenChange}>
      <SheetContent className="w-[18rem]" closeLabel={t("recent.close")}>
        <SheetTitle className="sr-only">{t("recent.title")}</SheetTitle>
        <SheetDescription className="sr-only">{t("recent.sheetDescription")}</SheetDescription>
        {props.children}
      </SheetContent>
    </Sheet>
  );
}
