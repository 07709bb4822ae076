import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** A form label. Like Radix's, a double click on it does not select its text (inputs inside excepted). */
export function Label({ className, onMouseDown, ...props }: ComponentProps<"label">) {
  return (
    <label
      data-slot="label"
      className={cn("text-sm leading-none font-medium select-none peer-disabled:opacity-60", className)}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        const target = event.target as HTMLElement;
        if (target.closest("button, input, select, textarea")) return;
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
}
