import { createContext, useContext } from "react";
import type { SidebarState } from "@/lib/sidebar-state";

export interface SidebarContextValue {
  /** The desktop sidebar: full width with labels, or icons only. */
  state: SidebarState;
  isMobile: boolean;
  /** The off-canvas sheet used below the mobile breakpoint. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  toggleSidebar: () => void;
}

export const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const value = useContext(SidebarContext);
  if (!value) throw new Error("useSidebar must be used inside <SidebarProvider>.");
  return value;
}
