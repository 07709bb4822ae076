// /dashboard, the dashboard home (spec 000 §2): a quick search, the last 30 days in figures and per
// day, the current plan (and the way up when there is none), quick ways into each tool, and chats
// per model. Metrics failures are only logged; the figures then read "—".
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useSubscription } from "@/lib/subscription";
import { useDashboardMetrics } from "../api/get-dashboard-metrics";
import { ActivityChart } from "./activity-chart";
import { ModelUsageCard } from "./model-usage-card";
import { PlanCard } from "./plan-card";
import { QuickActions } from "./quick-actions";
import { QuickSearch } from "./quick-search";
import { StatCards } from "./stat-cards";
import { UpgradeBanner } from "./upgrade-banner";

export function DashboardPage() {
  const { t } = useTranslation("dashboard");
  useDocumentTitle(t("page.title"));
  const metrics = useDashboardMetrics();
  const subscription = useSubscription();
  const loading = metrics.isPending;
  const data = metrics.data;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-8 sm:py-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">{t("page.title")}</h1>
        <p className="text-muted-foreground">{t("page.welcome")}</p>
      </header>

      <QuickSearch />
      {subscription.subscribed === false ? (
        <UpgradeBanner selling={subscription.details?.billing !== "off"} />
      ) : null}
      <StatCards totals={data?.totals} loading={loading} />

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <ActivityChart daily={data?.daily} loading={loading} />
          <ModelUsageCard models={data?.models} api={data?.api} loading={loading} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <PlanCard subscription={subscription} />
          <QuickActions />
        </div>
      </div>
    </div>
  );
}
