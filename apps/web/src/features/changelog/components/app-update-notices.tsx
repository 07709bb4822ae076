// The offline shell's visible side: registers the worker and applies the version-change clean-up
// once, shows "New version available. Refreshing..." on CACHE_UPDATED (then reloads after 1.5 s),
// and a notice while the browser is offline.
import { RefreshCw, WifiOff } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import {
  CACHE_UPDATE_RELOAD_DELAY_MS,
  onCacheUpdated,
  registerServiceWorker,
  suppressPostMessageOriginNoise,
} from "@/lib/service-worker";

const reloadPage = () => window.location.reload();

const subscribeOnline = (notify: () => void) => {
  window.addEventListener("online", notify);
  window.addEventListener("offline", notify);
  return () => {
    window.removeEventListener("online", notify);
    window.removeEventListener("offline", notify);
  };
};

export function AppUpdateNotices({
  register = import.meta.env.PROD,
  reload = reloadPage,
}: {
  register?: boolean;
  reload?: () => void;
}) {
  const { t } = useTranslation("changelog");
  const [refreshing, setRefreshing] = useState(false);
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);

  useEffect(() => suppressPostMessageOriginNoise(), []);
  useEffect(() => {
    if (register) void registerServiceWorker(reload);
  }, [register, reload]);
  useEffect(() => onCacheUpdated(() => setRefreshing(true)), []);
  useEffect(() => {
    if (!refreshing) return;
    const timer = window.setTimeout(reload, CACHE_UPDATE_RELOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [refreshing, reload]);

  return (
    <div className="pointer-events-none fixed inset-x-0 top-0 z-[60] flex flex-col items-center gap-2 p-2">
      {refreshing && (
        <div
          role="status"
          className="pointer-events-auto flex items-center gap-2 rounded-lg border bg-card px-4 py-2 text-sm shadow-lg"
        >
          <RefreshCw className="size-4 animate-spin" aria-hidden="true" />
          {t("refreshing")}
        </div>
      )}
      {!online && (
        <div
          role="status"
          className="pointer-events-auto flex items-center gap-2 rounded-lg border border-amber-500/40 bg-amber-50 px-4 py-2 text-sm text-amber-900 shadow-lg dark:bg-amber-950 dark:text-amber-100"
        >
          <WifiOff className="size-4" aria-hidden="true" />
          {t("offline")}
        </div>
      )}
    </div>
  );
}
