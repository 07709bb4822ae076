// Chats per model over the last 30 days (spec 000 §2), with the tokens and cost of their answers, and
// below them what went through the API (personal API keys), which makes no chats.
import { findCatalogueModel, type DashboardMetrics } from "@tessera/contracts";
import { Bot } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCost, formatTokens, NO_VALUE } from "../utils/format";
import { Skeleton } from "./skeleton";

export function ModelUsageCard({
  models,
  api,
  loading,
}: {
  models: DashboardMetrics["models"] | undefined;
  api?: DashboardMetrics["api"];
  loading: boolean;
}) {
  const { t } = useTranslation("dashboard");
  const most = Math.max(1, ...(models ?? []).map((m) => m.chats));
  return (
    <Card role="region" aria-labelledby="model-usage-heading" aria-busy={loading}>
      <CardHeader className="pb-3">
        <CardTitle id="model-usage-heading" className="text-base">
          {t("models.title")}
        </CardTitle>
        <CardDescription>{t("models.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="flex flex-col gap-4">
            {[0, 1, 2].map((i) => (
              <div key={i} className="flex flex-col gap-2">
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-2 w-full" />
              </div>
            ))}
          </div>
        ) : !models ? (
          <p className="text-sm text-muted-foreground">{NO_VALUE}</p>
        ) : models.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center">
            <Bot className="size-6 text-muted-foreground" aria-hidden="true" />
            <p className="text-sm text-muted-foreground">{t("models.empty")}</p>
          </div>
        ) : (
          <ul aria-label={t("models.list")} className="flex flex-col gap-4">
            {models.map((m) => {
              const name = findCatalogueModel(m.model)?.name ?? m.model;
              return (
                <li key={m.model} aria-label={name} className="flex flex-col gap-1.5">
                  <div className="flex items-baseline justify-between gap-3">
                    <span className="min-w-0 truncate text-sm font-medium" title={m.model}>
                      {name}
                    </span>
                    <span className="shrink-0 text-sm tabular-nums">
                      {t("activity.chatCount", { count: m.chats })}
                    </span>
                  </div>
                  <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                    <div
                      className="h-full rounded-full bg-primary"
                      style={{ width: `${Math.max(2, (m.chats / most) * 100)}%` }}
                    />
                  </div>
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {t("models.tokens", { tokens: formatTokens(m.tokens), cost: formatCost(m.cost) })}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        {!loading && api && api.calls > 0 ? (
          <section aria-labelledby="api-usage-heading" className="mt-5 border-t pt-4">
            <h3 id="api-usage-heading" className="text-sm font-medium">
              {t("models.apiTitle")}{" "}
              <span className="font-normal text-muted-foreground">
                · {t("models.callCount", { count: api.calls })} ·{" "}
                {t("models.tokens", { tokens: formatTokens(api.tokens), cost: formatCost(api.cost) })}
              </span>
            </h3>
            <ul aria-label={t("models.apiList")} className="mt-2 flex flex-col gap-1">
              {api.models.map((m) => (
                <li key={m.model} className="flex items-baseline justify-between gap-3 text-xs">
                  <span className="min-w-0 truncate" title={m.model}>
                    {findCatalogueModel(m.model)?.name ?? m.model}
                  </span>
                  <span className="shrink-0 text-muted-foreground tabular-nums">
                    {t("models.callCount", { count: m.calls })} ·{" "}
                    {t("models.tokens", { tokens: formatTokens(m.tokens), cost: formatCost(m.cost) })}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
