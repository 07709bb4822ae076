import { MOBILE_BREAKPOINT_PX } from "@tessera/contracts";
import { useSyncExternalStore } from "react";

const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function subscribe(onChange: () => void) {
  const list = window.matchMedia(query);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

/** True below the mobile breakpoint (768 px), where the sidebar becomes an off-canvas sheet. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
