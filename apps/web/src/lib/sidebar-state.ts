// Whether the desktop sidebar is expanded, remembered under SIDEBAR_STORAGE_KEY.
import { SIDEBAR_STORAGE_KEY } from "@tessera/contracts";

export type SidebarState = "expanded" | "collapsed";

export function readSidebarState(): SidebarState {
  try {
    const stored = localStorage.getItem(SIDEBAR_STORAGE_KEY);
    return stored === "collapsed" || stored === "false" ? "collapsed" : "expanded";
  } catch {
    return "expanded";
  }
}

export function writeSidebarState(state: SidebarState): void {
  try {
    localStorage.setItem(SIDEBAR_STORAGE_KEY, state);
  } catch {
    // Not remembered; the sidebar still toggles.
  }
}
