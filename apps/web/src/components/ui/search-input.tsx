import { Search } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";
import { Input } from "./input";

/** A search box with its magnifier inside. `className` places the box; `compact` suits a narrow list. */
export function SearchInput({
  className,
  compact = false,
  ...props
}: Omit<ComponentProps<"input">, "type"> & { compact?: boolean }) {
  return (
    <div className={cn("relative", className)}>
      <Search
        aria-hidden="true"
        className={cn(
          "pointer-events-none absolute top-1/2 -translate-y-1/2 text-muted-foreground",
          compact ? "start-2.5 size-3.5" : "start-3 size-4",
        )}
      />
      <Input type="search" className={compact ? "h-8 ps-7 text-sm" : "ps-9"} {...props} />
    </div>
  );
}
