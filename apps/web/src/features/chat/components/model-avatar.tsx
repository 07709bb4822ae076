import { Bot } from "lucide-react";
import { cn } from "@/lib/utils";

/** Every model shares one placeholder icon (spec §3); only its size changes. */
export function ModelAvatar({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex size-8 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-violet-500 text-white shadow-sm shadow-indigo-500/20 [&>svg]:size-[55%]",
        className,
      )}
    >
      <Bot />
    </span>
  );
}
