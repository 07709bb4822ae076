import type { ComparisonResponse } from "@tessera/contracts";
import { useTranslation } from "react-i18next";
import { formatCost, formatCount, formatDuration, formatTokensPerSecond } from "../utils/format-metrics";

/** Time to first token, total time, tokens, speed and cost of one answer (the showMetrics setting). */
export function ResponseMetrics({ response }: { response: ComparisonResponse }) {
  const { t } = useTranslation("compare");
  const rows: [string, string][] = [
    [t("metrics.firstToken"), formatDuration(response.timeToFirstTokenMs)],
    [t("metrics.totalTime"), formatDuration(response.responseTimeMs)],
    [t("metrics.tokens"), formatCount(response.tokensUsed)],
    [t("metrics.speed"), formatTokensPerSecond(response.tokensPerSecond)],
    [t("metrics.cost"), formatCost(response.cost)],
  ];
  return (
    <dl
      aria-label={t("metrics.label")}
      className="grid grid-cols-3 gap-x-3 gap-y-2 rounded-lg bg-muted/60 px-3 py-2.5 text-xs @md:grid-cols-5"
    >
      {rows.map(([term, value]) => (
        <div key={term} className="flex min-w-0 flex-col gap-0.5">
          <dt className="truncate text-muted-foreground">{term}</dt>
          <dd className="font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
