import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/**
 * Kinds of input whose text is an address, an e-mail or a key: written left to right in every
 * language, so a right-to-left page does not reorder its dots and slashes. A text input that holds
 * such a thing (a command, a model id) is given `dir="ltr"` itself.
 */
const LEFT_TO_RIGHT = new Set(["url", "email", "password", "tel"]);

export function Input({ className, type = "text", dir, ...props }: ComponentProps<"input">) {
  return (
    <input
      type={type}
      dir={dir ?? (LEFT_TO_RIGHT.has(type) ? "ltr" : undefined)}
      data-slot="input"
      className={cn(
        "flex h-10 w-full min-w-0 rounded-lg border border-input bg-card px-3 py-2 text-sm shadow-xs transition-[color,box-shadow] outline-none",
        "placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/25",
        "disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:ring-destructive/20",
        className,
      )}
      {...props}
    />
  );
}
