import { XIcon } from "lucide-react";
import { Dialog as SheetPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import { useFocusReturn } from "./focus-return";
import { keepsOwnEscape } from "./own-escape";

export const Sheet = SheetPrimitive.Root;
export const SheetTitle = SheetPrimitive.Title;
export const SheetDescription = SheetPrimitive.Description;

/** A panel that slides in from the left edge (the mobile sidebar). */
export function SheetContent({
  className,
  children,
  closeLabel,
  onCloseAutoFocus,
  onEscapeKeyDown,
  ...props
}: ComponentProps<typeof SheetPrimitive.Content> & { closeLabel?: string }) {
  const focus = useFocusReturn(onCloseAutoFocus);
  const { t } = useTranslation();
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay className="fixed inset-0 z-50 animate-fade-in bg-black/50" />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        className={cn(
          "fixed inset-y-0 start-0 z-50 flex h-full animate-slide-in-left rtl:animate-slide-in-right flex-col border-e bg-sidebar shadow-xl outline-none",
          className,
        )}
        {...props}
        onCloseAutoFocus={focus.onCloseAutoFocus}
        onEscapeKeyDown={(event) => {
          if (keepsOwnEscape(event.target)) event.preventDefault();
          onEscapeKeyDown?.(event);
        }}
      >
        {focus.note}
        {children}
        <SheetPrimitive.Close className="absolute top-4 end-3 rounded-md p-1 text-muted-foreground transition hover:bg-sidebar-accent focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none">
          <XIcon className="size-4" aria-hidden="true" />
          <span className="sr-only">{closeLabel ?? t("shell.closeSidebar")}</span>
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}
