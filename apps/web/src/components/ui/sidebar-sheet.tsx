import type { ReactNode } from "react";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { useTranslation } from "react-i18next";

/** The sidebar on small screens: a sheet from the left, its labels always shown. */
export function SidebarSheet(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
  width: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Sheet open={props.open} onOpenChange={props.onOpenChange}>
      <SheetContent style={{ width: props.width }}>
        <SheetTitle className="sr-only">{props.label}</SheetTitle>
        <SheetDescription className="sr-only">{t("shell.sidebarDescription")}</SheetDescription>
        <div data-sidebar="sidebar" data-state="expanded" className="flex h-full flex-col">
          {props.children}
        </div>
      </SheetContent>
    </Sheet>
  );
}
