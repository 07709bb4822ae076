// What react-i18next imports as `use-sync-external-store/shim` (vite.config.ts): React 19 has the hook
// itself, so the shim's fallback for React 17 need not ship.
export { useSyncExternalStore } from "react";
