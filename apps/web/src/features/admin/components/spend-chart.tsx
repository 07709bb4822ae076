// Admin → Usage's chart: tokens or cost a day over the chosen days, as stacked bars drawn with CSS
// (as the dashboard's activity chart is), in-app answers and API calls apart. The numbers are one
// click away in a table.
import type { SpendReport } from "@tessera/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { ChartLegend, ChartTable, StackedBar } from "@/components/stacked-bars";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCount } from "@/lib/utils";
import { formatCost, formatTokens, formatUtcDay } from "../utils/format";

type Metric = "tokens" | "cost";
type Day = { date: string; tokens: number; cost: number };

/** Each series' name is `chart.series.<key>`. */
const SERIES = [
  { key: "inApp", color: "bg-primary" },
  { key: "api", color: "bg-amber-500 dark:bg-amber-400" },
] as const;

const show = (metric: Metric, n: number) => (metric === "tokens" ? formatTokens(n) : formatCost(n));

export function SpendChart({
  inApp,
  api,
}: {
  inApp: SpendReport["byDay"];
  api: SpendReport["api"]["byDay"];
}) {
  const { t } = useTranslation("admin");
  const [metric, setMetric] = useState<Metric>("tokens");
  const apiByDate = new Map<string, Day>(api.map((d) => [d.date, d]));
  const days = inApp.map((d) => ({
    date: d.date,
    inApp: d[metric],
    api: apiByDate.get(d.date)?.[metric] ?? 0,
  }));
  const busiest = days.reduce<(typeof days)[number] | null>(
    (b, d) => (d.inApp + d.api > (b ? b.inApp + b.api : 0) ? d : b),
    null,
  );
  const top = busiest ? busiest.inApp + busiest.api : 1;
  const last = days.length - 1;

  return (
    <Card role="region" aria-labelledby="spend-chart-heading">
      <CardHeader className="flex-col gap-3 pb-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle id="spend-chart-heading" className="text-base">
            {metric === "tokens" ? t("chart.tokensPerDay") : t("chart.costPerDay")}
          </CardTitle>
          <CardDescription>
            {busiest
              ? t(metric === "tokens" ? "chart.busiestTokens" : "chart.busiestCost", {
                  day: formatUtcDay(busiest.date),
                  value: show(metric, top),
                })
              : t("chart.nothing")}
          </CardDescription>
        </div>
        <div className="flex flex-col items-end gap-2">
          <div role="group" aria-label={t("chart.measure")} className="flex gap-1">
            {(["tokens", "cost"] as const).map((m) => (
              <Button
                key={m}
                size="sm"
                variant={metric === m ? "secondary" : "ghost"}
                aria-pressed={metric === m}
                onClick={() => setMetric(m)}
              >
                {m === "tokens" ? t("spend.tokens") : t("spend.cost")}
              </Button>
            ))}
          </div>
          <ChartLegend
            label={t("chart.legend")}
            series={SERIES.map((s) => ({ ...s, name: t(`chart.series.${s.key}`) }))}
          />
        </div>
      </CardHeader>
      <CardContent>
        <figure className="flex flex-col gap-3">
          <div aria-hidden="true" className="flex flex-col">
            <div className="flex h-40 items-end gap-px border-b border-border sm:h-48">
              {days.map((d) => (
                <StackedBar
                  key={d.date}
                  title={t("chart.bar", {
                    day: formatUtcDay(d.date),
                    inApp: show(metric, d.inApp),
                    api: show(metric, d.api),
                  })}
                  parts={SERIES.map((s) => ({ key: s.key, color: s.color, value: d[s.key] }))}
                  top={top}
                />
              ))}
            </div>
            {days.length > 0 ? (
              <div className="flex justify-between pt-1.5 text-[11px] text-muted-foreground">
                <span>{formatUtcDay(days[0]!.date)}</span>
                <span>{formatUtcDay(days[last]!.date)}</span>
              </div>
            ) : null}
          </div>
          <ChartTable summary={t("chart.showTable")} caption={t("chart.caption")}>
            <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("chart.day")}
                </th>
                <th scope="col" className="px-3 py-2 text-end font-medium">
                  {t("chart.appTokens")}
                </th>
                <th scope="col" className="px-3 py-2 text-end font-medium">
                  {t("chart.appCost")}
                </th>
                <th scope="col" className="px-3 py-2 text-end font-medium">
                  {t("chart.apiTokens")}
                </th>
                <th scope="col" className="px-3 py-2 text-end font-medium">
                  {t("chart.apiCost")}
                </th>
              </tr>
            </thead>
            <tbody>
              {[...inApp].reverse().map((d) => {
                const a = apiByDate.get(d.date);
                return (
                  <tr key={d.date} className="border-t">
                    <th scope="row" className="px-3 py-1.5 font-normal">
                      {formatUtcDay(d.date)}
                    </th>
                    <td className="px-3 py-1.5 text-end">{formatCount(d.tokens)}</td>
                    <td className="px-3 py-1.5 text-end">{formatCost(d.cost)}</td>
                    <td className="px-3 py-1.5 text-end">{formatCount(a?.tokens ?? 0)}</td>
                    <td className="px-3 py-1.5 text-end">{formatCost(a?.cost ?? 0)}</td>
                  </tr>
                );
              })}
            </tbody>
          </ChartTable>
        </figure>
      </CardContent>
    </Card>
  );
}
