// Toasts without sonner on the first paint: sonner (~10 KB gzip) loads on the first toast, and the
// toaster mounts then (sonner replays toasts made before its Toaster subscribed). The calls are
// sonner's own, forwarded once it is there.
import { useSyncExternalStore } from "react";
import type * as SonnerModule from "sonner";
import type { ExternalToast } from "sonner";

type Sonner = typeof SonnerModule;
type Message = Parameters<Sonner["toast"]["success"]>[0];

let sonner: Promise<Sonner> | null = null;
const listeners = new Set<() => void>();

/** Loads sonner (once) and tells the lazy toaster to mount. */
export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import("sonner");
    for (const listener of listeners) listener();
  }
  return sonner;
}

/** True once any toast was asked for: the toaster mounts from then on. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => sonner !== null,
  );
}

/** Where the last toast went (undefined: the toaster's own corner). */
let shownAt: ExternalToast["position"];

function show(kind: "success" | "error" | "info" | "warning") {
  return (message: Message, data?: ExternalToast) => {
    void loadSonner().then(({ toast }) => {
      // One toast on screen at a time (spec §9). The toaster keeps to one per place, so a toast put
      // somewhere else (dictation's, above the page) first dismisses any still shown elsewhere.
      if (data?.position !== shownAt) toast.dismiss();
      shownAt = data?.position;
      toast[kind](message, data);
    });
  };
}

export const toast = {
  success: show("success"),
  error: show("error"),
  info: show("info"),
  warning: show("warning"),
  /** Nothing to dismiss before sonner has loaded: no toast was shown yet. */
  dismiss(id?: string | number) {
    void sonner?.then(({ toast }) => toast.dismiss(id));
  },
};
