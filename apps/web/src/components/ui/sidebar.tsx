// A collapsible sidebar in the shadcn manner: 16rem expanded, 3rem icon-only, an 18rem sheet on
// small screens; remembered in localStorage and toggled with Ctrl/Cmd+B.
import { PanelLeft } from "lucide-react";
import { Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { lazyChunk } from "@/lib/chunk-load";
import { isCommandKey } from "@/lib/command-key";
import { readSidebarState, writeSidebarState, type SidebarState } from "@/lib/sidebar-state";
import { useIsMobile } from "@/lib/use-is-mobile";
import { useOpenedOnce } from "@/lib/use-opened-once";
import { cn } from "@/lib/utils";
import { SidebarContext, useSidebar } from "./sidebar-context";
import { useTranslation } from "react-i18next";

const WIDTH = { expanded: "16rem", collapsed: "3rem", mobile: "18rem" } as const;

// The small-screen sheet and its dialog code load when it is first opened.
const SidebarSheet = lazyChunk(() => import("./sidebar-sheet").then((m) => ({ default: m.SidebarSheet })));

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [state, setState] = useState<SidebarState>(readSidebarState);
  const [openMobile, setOpenMobile] = useState(false);

  const toggleSidebar = useCallback(() => {
    if (isMobile) return setOpenMobile((open) => !open);
    const next = state === "expanded" ? "collapsed" : "expanded";
    writeSidebarState(next);
    setState(next);
  }, [isMobile, state]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isCommandKey(event, "b")) return;
      event.preventDefault();
      toggleSidebar();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggleSidebar]);

  const value = useMemo(
    () => ({ state, isMobile, openMobile, setOpenMobile, toggleSidebar }),
    [state, isMobile, openMobile, toggleSidebar],
  );
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

/** The sidebar itself; its children read `useSidebar().state` to hide labels when collapsed. */
export function Sidebar({ children, label = "Sidebar" }: { children: ReactNode; label?: string }) {
  const { state, isMobile, openMobile, setOpenMobile } = useSidebar();
  const sheetMounted = useOpenedOnce(isMobile && openMobile);
  if (isMobile) {
    if (!sheetMounted) return null;
    return (
      <Suspense fallback={null}>
        <SidebarSheet open={openMobile} onOpenChange={setOpenMobile} label={label} width={WIDTH.mobile}>
          {children}
        </SidebarSheet>
      </Suspense>
    );
  }
  return (
    <aside
      aria-label={label}
      data-sidebar="sidebar"
      data-state={state}
      style={{ width: WIDTH[state] }}
      className="group/sidebar sticky top-0 flex h-svh shrink-0 flex-col overflow-hidden border-e border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width] duration-200 ease-out"
    >
      {children}
    </aside>
  );
}

export function SidebarTrigger({ className }: { className?: string }) {
  const { toggleSidebar, state, isMobile, openMobile } = useSidebar();
  const { t } = useTranslation();
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t("shell.toggleSidebar")}
      aria-expanded={isMobile ? openMobile : state === "expanded"}
      title={t("shell.toggleSidebarShortcut")}
      onClick={toggleSidebar}
      className={cn("-ms-1", className)}
    >
      <PanelLeft aria-hidden="true" />
    </Button>
  );
}
