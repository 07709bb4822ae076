import type { ReactNode } from "react";
import { Tooltip, TooltipContent, TooltipTrigger, type TooltipTriggerChild } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";
import { useSidebar } from "./sidebar-context";

function useCollapsed() {
  const { state, isMobile } = useSidebar();
  return state === "collapsed" && !isMobile;
}

export function SidebarGroup({ label, children }: { label: string; children: ReactNode }) {
  const collapsed = useCollapsed();
  return (
    <section aria-label={label} className="flex flex-col gap-1 px-2 py-2">
      <h2
        className={cn(
          "px-2 pb-1 text-[0.7rem] font-semibold tracking-wider text-muted-foreground uppercase transition-opacity",
          collapsed && "sr-only",
        )}
      >
        {label}
      </h2>
      <ul className="flex flex-col gap-0.5">{children}</ul>
    </section>
  );
}

/** Classes for a link or button in the sidebar; `data-active` or aria-current marks the current page. */
export function sidebarButtonClass(collapsed: boolean) {
  return cn(
    "flex h-9 w-full items-center gap-3 rounded-lg px-2.5 text-sm font-medium text-sidebar-foreground/85 outline-none transition-colors",
    "hover:bg-sidebar-accent/70 hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40",
    "aria-[current=page]:bg-sidebar-accent aria-[current=page]:text-sidebar-accent-foreground aria-[current=page]:font-semibold",
    "[&>svg]:size-[1.05rem] [&>svg]:shrink-0",
    collapsed && "size-8 justify-center gap-0 px-0",
  );
}

/** One entry; when the sidebar shows icons only, its label becomes a tooltip (and stays for screen readers). */
export function SidebarMenuItem({
  tooltip,
  children,
}: {
  tooltip: string;
  children: (collapsed: boolean) => TooltipTriggerChild;
}) {
  const collapsed = useCollapsed();
  if (!collapsed) return <li>{children(false)}</li>;
  return (
    <li className="flex justify-center">
      <Tooltip>
        <TooltipTrigger asChild>{children(true)}</TooltipTrigger>
        <TooltipContent side="right">{tooltip}</TooltipContent>
      </Tooltip>
    </li>
  );
}

export function SidebarLabel({ children, collapsed }: { children: ReactNode; collapsed: boolean }) {
  return <span className={collapsed ? "sr-only" : "truncate"}>{children}</span>;
}
