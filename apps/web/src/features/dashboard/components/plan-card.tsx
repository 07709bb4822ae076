// Current Plan (spec 000 §2): the tier, or Free; whether a subscription is active; when it ends. Where
// the instance sells no plans, that every feature is open; and the monthly budget, when one applies.
import type { BudgetStatus } from "@tessera/contracts";
import type { TFunction } from "i18next";
import { CalendarClock, CreditCard } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { SubscriptionState } from "@/lib/subscription";
import { formatCost, formatDate, formatTokens } from "../utils/format";
import { Skeleton } from "./skeleton";

type DashboardT = TFunction<"dashboard">;

function endsLine(subscription: SubscriptionState, t: DashboardT): string | null {
  if (!subscription.validUntil) return null;
  const date = formatDate(subscription.validUntil);
  return t(subscription.details?.source === "trial" ? "plan.trialEnds" : "plan.validUntil", { date });
}

/** "12.3K of 100K tokens, $1.20 of $5.00 this month": each cap the budget has. */
export function budgetLine(budget: BudgetStatus, t: DashboardT): string {
  const parts = [
    budget.monthlyTokens !== null
      ? t("plan.budgetTokens", {
          used: formatTokens(budget.usedTokens),
          limit: formatTokens(budget.monthlyTokens),
        })
      : null,
    budget.monthlyCostUsd !== null
      ? t("plan.budgetCost", {
          used: formatCost(budget.usedCostUsd),
          limit: formatCost(budget.monthlyCostUsd),
        })
      : null,
  ].filter(Boolean);
  return t("plan.budgetMonth", { parts: parts.join(", ") });
}

export function PlanCard({ subscription }: { subscription: SubscriptionState }) {
  const { t } = useTranslation("dashboard");
  const selling = subscription.details?.billing !== "off";
  const active = subscription.subscribed === true;
  const ends = selling ? endsLine(subscription, t) : null;
  const budget = subscription.details?.budget ?? null;
  return (
    <Card aria-labelledby="plan-heading" role="region" aria-busy={subscription.loading}>
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0 pb-3">
        <CardTitle id="plan-heading" className="text-base">
          {t("plan.title")}
        </CardTitle>
        <CreditCard className="size-4 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {subscription.loading ? (
          <>
            <Skeleton className="h-7 w-24" />
            <Skeleton className="h-4 w-40" />
          </>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-2xl font-semibold tracking-tight">
                {selling ? (subscription.tier ?? t("plan.free")) : t("plan.allFeatures")}
              </span>
              <span
                className={
                  active || !selling
                    ? "rounded-full bg-success/15 px-2 py-0.5 text-xs font-medium text-success"
                    : "rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground"
                }
              >
                {t(!selling ? "plan.openToEveryone" : active ? "plan.active" : "plan.inactive")}
              </span>
            </div>
            {!selling ? <p className="text-sm text-muted-foreground">{t("plan.notSold")}</p> : null}
            {ends ? (
              <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                <CalendarClock className="size-4" aria-hidden="true" />
                {ends}
              </p>
            ) : null}
            {budget ? (
              <p
                data-testid="budget-line"
                className={
                  budget.warning
                    ? "text-sm font-medium text-amber-700 dark:text-amber-400"
                    : "text-sm text-muted-foreground"
                }
              >
                {t("plan.budget", { line: budgetLine(budget, t) })}
                {budget.exceeded ? t("plan.budgetReached") : ""}
              </p>
            ) : null}
            {selling ? (
              <Link
                to="/pricing"
                className="text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
              >
                {t(active ? "plan.manage" : "plan.compare")}
              </Link>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
