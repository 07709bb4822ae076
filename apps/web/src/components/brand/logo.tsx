import { useId } from "react";
import { cn, unlessGiven } from "@/lib/utils";

/** Tessera's mark: four mosaic tiles on an indigo-to-violet square. */
export function LogoMark({ className }: { className?: string }) {
  const gradient = useId();
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      className={cn(unlessGiven(className, "size-", "size-8"), "shrink-0", className)}
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#8b5cf6" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradient})`} />
      <rect x="7" y="7" width="8" height="8" rx="2" fill="#fff" />
      <rect x="17" y="7" width="8" height="8" rx="2" fill="#fff" fillOpacity=".65" />
      <rect x="7" y="17" width="8" height="8" rx="2" fill="#fff" fillOpacity=".65" />
      <rect x="17" y="17" width="8" height="8" rx="2" fill="#fff" fillOpacity=".35" />
    </svg>
  );
}

/** The mark with the name beside it. */
export function Logo({ className, markClassName }: { className?: string; markClassName?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <LogoMark className={markClassName} />
      <span className="text-lg font-semibold tracking-tight">Tessera</span>
    </span>
  );
}
