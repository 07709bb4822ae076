// Current Plan (spec 000 §2): the tier, or Free; whether a subscription is active; when it ends.
import { CalendarClock, CreditCard } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { SubscriptionState } from "@/lib/subscription";
import { formatDate } from "../utils/format";
import { Skeleton } from "./skeleton";

function endsLine(subscription: SubscriptionState): string | null {
  if (!subscription.validUntil) return null;
  const when = formatDate(subscription.validUntil);
  return subscription.details?.source === "trial" ? `Trial ends ${when}` : `Valid until ${when}`;
}

export function PlanCard({ subscription }: { subscription: SubscriptionState }) {
  const active = subscription.subscribed === true;
  const ends = endsLine(subscription);
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
              <span className="text-2xl font-semibold tracking-tight">{subscription.tier ?? "Free"}</span>
              <span
                className={
                  active
                    ? "rounded-full bg-success/15 px-2 py-0.5 text-xs font-medium text-success"
                    : "rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground"
                }
              >
                {active ? "Active Subscription" : "No active subscription"}
              </span>
            </div>
            {ends ? (
              <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                <CalendarClock className="size-4" aria-hidden="true" />
                {ends}
              </p>
            ) : null}
            <Link
              to="/pricing"
              className="text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
            >
              {active ? "Manage plan" : "Compare plans"}
            </Link>
          </>
        )}
      </CardContent>
    </Card>
  );
}
