// Beyond the spec (DESIGN.md): chats, searches and images per day over the last 30 days, as stacked
// bars drawn with CSS. The figure is described in words, and the numbers are one click away in a table.
import type { DashboardMetrics } from "@tessera/contracts";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { ChartLegend, ChartTable, StackedBar } from "@/components/stacked-bars";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn, formatCount } from "@/lib/utils";
import { formatChartDay, NO_VALUE } from "../utils/format";
import { Skeleton } from "./skeleton";

type Day = DashboardMetrics["daily"][number];
type Series = "chats" | "searches" | "images";

/** Each series: its key in the data and in the `activity` texts, and its colour. */
const SERIES: { key: Series; color: string }[] = [
  { key: "chats", color: "bg-primary" },
  { key: "searches", color: "bg-sky-500 dark:bg-sky-400" },
  { key: "images", color: "bg-amber-500 dark:bg-amber-400" },
];

type DashboardT = TFunction<"dashboard">;
const totalOf = (d: Day) => d.chats + d.searches + d.images;
/** "7 chats", "1 search", "3 images" for one day or a sum of days. */
const counts = (t: DashboardT, c: Pick<Day, Series>) => ({
  chats: t("activity.chatCount", { count: c.chats }),
  searches: t("activity.searchCount", { count: c.searches }),
  images: t("activity.imageCount", { count: c.images }),
});
const dayLabel = (t: DashboardT, d: Day) =>
  t("activity.day", { day: formatChartDay(d.date), ...counts(t, d) });

/** The smallest of 1, 2, 5, 10, 20, 50… that holds the busiest day. */
export function niceMax(n: number): number {
  let step = 1;
  for (;;) {
    for (const m of [1, 2, 5]) if (m * step >= n) return m * step;
    step *= 10;
  }
}

export function activitySummary(daily: Day[], t: DashboardT): string {
  const sum = (k: Series) => daily.reduce((n, d) => n + d[k], 0);
  const busiest = daily.reduce<Day | null>((b, d) => (totalOf(d) > (b ? totalOf(b) : 0) ? d : b), null);
  const totals = t("activity.totals", {
    count: daily.length,
    ...counts(t, { chats: sum("chats"), searches: sum("searches"), images: sum("images") }),
  });
  const after = busiest
    ? t("activity.busiest", { day: formatChartDay(busiest.date), total: formatCount(totalOf(busiest)) })
    : t("activity.quiet");
  return `${totals} ${after}`;
}

function Bars({ daily }: { daily: Day[] }) {
  const { t } = useTranslation("dashboard");
  const top = niceMax(Math.max(1, ...daily.map(totalOf)));
  const ticks = top % 2 === 0 || top >= 10 ? [top, top / 2, 0] : [top, 0];
  const last = daily.length - 1;
  const labelled = new Set([0, Math.floor(last / 2), last]);
  return (
    <div aria-hidden="true" className="flex gap-2">
      <div className="relative flex w-7 shrink-0 flex-col justify-between pb-6 text-end text-[11px] text-muted-foreground tabular-nums">
        {ticks.map((tick) => (
          <span key={tick} className="-translate-y-1/2 leading-none last:translate-y-1/2">
            {formatCount(tick)}
          </span>
        ))}
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="relative h-40 border-b border-border sm:h-48">
          {ticks.slice(0, -1).map((tick) => (
            <div
              key={tick}
              className="absolute inset-x-0 border-t border-dashed border-border"
              style={{ bottom: `${(tick / top) * 100}%` }}
            />
          ))}
          <div className="absolute inset-0 flex items-end gap-[2px] sm:gap-1">
            {daily.map((d) => (
              <StackedBar
                key={d.date}
                title={dayLabel(t, d)}
                parts={SERIES.map((s) => ({ key: s.key, color: s.color, value: d[s.key] }))}
                top={top}
              />
            ))}
          </div>
        </div>
        <div className="relative h-6 text-[11px] text-muted-foreground">
          {[...labelled].map((i) => (
            <span
              key={i}
              className={cn(
                "absolute top-1.5 whitespace-nowrap",
                i === 0 ? "start-0" : i === last ? "end-0" : "-translate-x-1/2 rtl:translate-x-1/2",
              )}
              style={
                i !== 0 && i !== last
                  ? { insetInlineStart: `${((i + 0.5) / daily.length) * 100}%` }
                  : undefined
              }
            >
              {i === last ? t("activity.today") : formatChartDay(daily[i]!.date)}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}

export function ActivityChart({ daily, loading }: { daily: Day[] | undefined; loading: boolean }) {
  const { t } = useTranslation("dashboard");
  return (
    <Card role="region" aria-labelledby="activity-heading" aria-busy={loading}>
      <CardHeader className="flex-col gap-3 pb-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle id="activity-heading" className="text-base">
            {t("activity.title")}
          </CardTitle>
          <CardDescription>{t("activity.description")}</CardDescription>
        </div>
        <ChartLegend
          label={t("activity.legend")}
          series={SERIES.map((s) => ({ ...s, name: t(`activity.${s.key}`) }))}
        />
      </CardHeader>
      <CardContent>
        {loading ? (
          <Skeleton className="h-46 w-full sm:h-54" />
        ) : !daily ? (
          <p className="flex h-46 items-center justify-center text-sm text-muted-foreground sm:h-54">
            {NO_VALUE}
          </p>
        ) : (
          <figure className="flex flex-col gap-3">
            <Bars daily={daily} />
            <figcaption className="text-sm text-muted-foreground">{activitySummary(daily, t)}</figcaption>
            <ChartTable summary={t("activity.showTable")} caption={t("activity.tableCaption")}>
              <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("activity.date")}
                  </th>
                  {SERIES.map((s) => (
                    <th key={s.key} scope="col" className="px-3 py-2 text-end font-medium">
                      {t(`activity.${s.key}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[...daily].reverse().map((d) => (
                  <tr key={d.date} className="border-t">
                    <th scope="row" className="px-3 py-1.5 font-normal">
                      {formatChartDay(d.date)}
                    </th>
                    {SERIES.map((s) => (
                      <td key={s.key} className="px-3 py-1.5 text-end">
                        {formatCount(d[s.key])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </ChartTable>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}
