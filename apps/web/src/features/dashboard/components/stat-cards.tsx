// The four 30-day figures (spec 000 §2): a number, a skeleton while loading, "—" when it failed.
import type { DashboardMetrics } from "@tessera/contracts";
import { Image, MessageSquare, Search, Video, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatCount } from "@/lib/utils";
import { NO_VALUE } from "../utils/format";
import { Skeleton } from "./skeleton";

/** Each figure; its name is `stats.<key>` in the dashboard namespace. */
const STATS: { key: keyof DashboardMetrics["totals"]; icon: LucideIcon; tint: string }[] = [
  { key: "chats", icon: MessageSquare, tint: "bg-primary/10 text-primary" },
  {
    key: "searches",
    icon: Search,
    tint: "bg-sky-500/10 text-sky-600 dark:text-sky-400",
  },
  {
    key: "images",
    icon: Image,
    tint: "bg-amber-500/10 text-amber-600 dark:text-amber-400",
  },
  {
    key: "videos",
    icon: Video,
    tint: "bg-rose-500/10 text-rose-600 dark:text-rose-400",
  },
];

export function StatCards({
  totals,
  loading,
}: {
  totals: DashboardMetrics["totals"] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation("dashboard");
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {STATS.map(({ key, icon: Icon, tint }) => (
        <div
          key={key}
          role="group"
          aria-busy={loading}
          aria-labelledby={`stat-${key}`}
          className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm shadow-black/[0.03] sm:p-5"
        >
          <div className="flex items-start justify-between gap-2">
            <span id={`stat-${key}`} className="text-sm font-medium text-muted-foreground">
              {t(`stats.${key}`)}
            </span>
            <span className={`hidden size-8 shrink-0 items-center justify-center rounded-lg sm:flex ${tint}`}>
              <Icon className="size-4" aria-hidden="true" />
            </span>
          </div>
          {loading ? (
            <Skeleton className="h-8 w-16 sm:h-9" />
          ) : (
            <span
              data-testid={`stat-${key}`}
              className="text-2xl font-semibold tracking-tight tabular-nums sm:text-3xl"
            >
              {totals ? formatCount(totals[key]) : NO_VALUE}
            </span>
          )}
          <span className="text-xs text-muted-foreground">{t("stats.period")}</span>
        </div>
      ))}
    </div>
  );
}
