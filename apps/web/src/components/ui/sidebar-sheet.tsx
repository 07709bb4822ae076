import type { ReactNode } from "react";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";

/** The sidebar on small screens: a sheet from the left, its labels always shown. */
export function SidebarSheet(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
  width: string;
  children: ReactNode;
}) {
  return (
    <Sheet open={props.open} onOpenChange={props.onOpenChange}>
      <SheetContent style={{ width: props.width }}>
        <SheetTitle className="sr-only">{props.label}</SheetTitle>
        <SheetDescription className="sr-only">Go to a part of Tessera.</SheetDescription>
        <div data-sidebar="sidebar" data-state="expanded" className="flex h-full flex-col">
          {props.children}
        </div>
      </SheetContent>
    </Sheet>
  );
}
