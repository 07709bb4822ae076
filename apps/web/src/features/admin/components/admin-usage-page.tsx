// The instance admin's usage page: active people (7 and 30 days), events a day (30), top pages, and
// model spend (tokens and cost) over any range of days, by day, person, team and model, with the
// OpenAI-compatible API apart (spend-section.tsx).
import type { AdminUsage } from "@tessera/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth-context";
import { useDocumentTitle } from "@/lib/use-document-title";
import { formatCount } from "@/lib/utils";
import { useAdminUsage, type UsageRange } from "../api/get-admin-usage";
import { formatUtcDay } from "../utils/format";
import { SpendSection } from "./spend-section";

export function AdminUsagePage() {
  const { t } = useTranslation("admin");
  useDocumentTitle(t("usage.title"));
  const { user } = useAuth();
  const isAdmin = user?.role === "admin";
  // Empty: the server's default, the last 30 days.
  const [range, setRange] = useState<UsageRange>({ from: "", to: "" });
  const { data, error, isPending, isFetching } = useAdminUsage(range, isAdmin);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-4 md:p-8">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t("usage.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("usage.intro")}</p>
      </header>
      {!isAdmin ? (
        <p role="alert">{t("usage.adminsOnly")}</p>
      ) : error ? (
        <div className="flex flex-col items-start gap-3">
          <p role="alert">{errorMessage(error)}</p>
          {range.from ? (
            <Button variant="outline" onClick={() => setRange({ from: "", to: "" })}>
              {t("usage.last30")}
            </Button>
          ) : null}
        </div>
      ) : isPending ? (
        <PageSpinner />
      ) : (
        <>
          <SpendSection report={data.spend} busy={isFetching} onRange={setRange} />
          <UsageCards usage={data} />
        </>
      )}
    </div>
  );
}

function UsageCards({ usage }: { usage: AdminUsage }) {
  const busiest = Math.max(1, ...usage.eventsPerDay.map((d) => d.count));
  const total = usage.eventsPerDay.reduce((n, d) => n + d.count, 0);
  const { t } = useTranslation("admin");
  return (
    <>
      <h2 className="text-lg font-semibold tracking-tight">{t("usage.activity")}</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Stat label={t("usage.active7")} value={usage.activeUsers7d} />
        <Stat label={t("usage.active30")} value={usage.activeUsers30d} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t("usage.eventsPerDay")}</CardTitle>
          <CardDescription>{t("usage.eventsTotal", { count: total })}</CardDescription>
        </CardHeader>
        <CardContent>
          <ol className="flex h-40 items-end gap-1" aria-label={t("usage.eventsPerDay")}>
            {usage.eventsPerDay.map((d) => (
              <li
                key={d.date}
                title={`${formatUtcDay(d.date)}: ${formatCount(d.count)}`}
                aria-label={t("usage.eventsOn", { day: formatUtcDay(d.date), count: d.count })}
                className="flex-1 rounded-t bg-primary/80"
                style={{ height: `${Math.max(2, (d.count / busiest) * 100)}%` }}
              />
            ))}
          </ol>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("usage.topPages")}</CardTitle>
          <CardDescription>{t("usage.pageViews")}</CardDescription>
        </CardHeader>
        <CardContent>
          {usage.topPages.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("usage.noPageViews")}</p>
          ) : (
            <table className="w-full text-sm">
              <thead>
                <tr className="text-start text-muted-foreground">
                  <th className="py-1 font-medium">{t("usage.page")}</th>
                  <th className="py-1 text-end font-medium">{t("usage.views")}</th>
                </tr>
              </thead>
              <tbody>
                {usage.topPages.map((p) => (
                  <tr key={p.pagePath} className="border-t">
                    <td className="py-1.5 font-mono text-xs">{p.pagePath}</td>
                    <td className="py-1.5 text-end tabular-nums">{formatCount(p.views)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>
    </>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Card>
      <CardHeader>
        <CardDescription>{label}</CardDescription>
        <CardTitle className="text-3xl tabular-nums">{formatCount(value)}</CardTitle>
      </CardHeader>
    </Card>
  );
}
