// Current Plan (spec 000 §2): the tier, or Free; whether a subscription is active; when it ends. Where
// the instance sells no plans, that every feature is open; and the monthly budget, when one applies.
import { PLANS_NOT_SOLD, type BudgetStatus } from "@tessera/contracts";
import { CalendarClock, CreditCard } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { SubscriptionState } from "@/lib/subscription";
import { formatCost, formatDate, formatTokens } from "../utils/format";
import { Skeleton } from "./skeleton";

function endsLine(subscription: SubscriptionState): string | null {
  if (!subscription.validUntil) return null;
  const when = formatDate(subscription.validUntil);
  return subscription.details?.source === "trial" ? `Trial ends ${when}` : `Valid until ${when}`;
}

/** "12.3K of 100K tokens, $1.20 of $5.00 this month": each cap the budget has. */
export function budgetLine(budget: BudgetStatus): string {
  const parts = [
    budget.monthlyTokens !== null
      ? `${formatTokens(budget.usedTokens)} of ${formatTokens(budget.monthlyTokens)} tokens`
      : null,
    budget.monthlyCostUsd !== null
      ? `${formatCost(budget.usedCostUsd)} of ${formatCost(budget.monthlyCostUsd)}`
      : null,
  ].filter(Boolean);
  return `${parts.join(", ")} this month`;
}

export function PlanCard({ subscription }: { subscription: SubscriptionState }) {
  const selling = subscription.details?.billing !== "off";
  const active = subscription.subscribed === true;
  const ends = selling ? endsLine(subscription) : null;
  const budget = subscription.details?.budget ?? null;
  return (
    <Card aria-labelledby="plan-heading" role="region" aria-busy={subscription.loading}>
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0 pb-3">
        <CardTitle id="plan-heading" className="text-base">
          Current Plan
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
                {selling ? (subscription.tier ?? "Free") : "All features"}
              </span>
              <span
                className={
                  active || !selling
                    ? "rounded-full bg-success/15 px-2 py-0.5 text-xs font-medium text-success"
                    : "rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground"
                }
              >
                {!selling ? "Open to everyone" : active ? "Active Subscription" : "No active subscription"}
              </span>
            </div>
            {!selling ? <p className="text-sm text-muted-foreground">{PLANS_NOT_SOLD}</p> : null}
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
                Budget: {budgetLine(budget)}
                {budget.exceeded ? " · reached" : ""}
              </p>
            ) : null}
            {selling ? (
              <Link
                to="/pricing"
                className="text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
              >
                {active ? "Manage plan" : "Compare plans"}
              </Link>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
