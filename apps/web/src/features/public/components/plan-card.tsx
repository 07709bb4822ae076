import type { Plan } from "@tessera/contracts";
import { Check, CreditCard, Info, Mail, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import type { PaidPlanId } from "../api/start-checkout";
import type { PlanAction } from "./plan-action";
import type { BusyKey } from "./use-plan-choice";

interface PlanCardProps {
  plan: Plan;
  action: PlanAction;
  /** The visitor is on this plan now. */
  current: boolean;
  busy: BusyKey | null;
  onTrial: (from: PaidPlanId) => void;
  onCheckout: (plan: PaidPlanId) => void;
  onManageBilling: () => void;
}

/** One plan: name, price, tagline, what it includes, and the one thing to do about it. */
export function PlanCard({
  plan,
  action,
  current,
  busy,
  onTrial,
  onCheckout,
  onManageBilling,
}: PlanCardProps) {
  const featured = Boolean(plan.mostPopular);
  const nameId = `plan-${plan.id}-name`;
  return (
    <article
      aria-labelledby={nameId}
      data-current={current || undefined}
      className={cn(
        "relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm shadow-black/[0.03] lg:p-5",
        featured &&
          "border-primary/40 bg-gradient-to-b from-primary/[0.07] to-card shadow-lg shadow-primary/10 ring-1 ring-primary/30 dark:from-primary/15",
        current && "ring-2 ring-success/60",
      )}
    >
      {featured ? (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 border-primary/20 bg-primary px-3 py-1 text-primary-foreground shadow-sm">
          <Sparkles aria-hidden="true" />
          Most Popular
        </Badge>
      ) : null}
      <header className="flex flex-col gap-2">
        <div className="flex min-h-6 items-center justify-between gap-2">
          <h2 id={nameId} className="text-lg font-semibold tracking-tight">
            {plan.name}
          </h2>
          {current ? (
            <Badge variant="success">
              <Check aria-hidden="true" />
              Current plan
            </Badge>
          ) : null}
        </div>
        <p className="text-sm sm:min-h-10 text-muted-foreground">{plan.tagline}</p>
        <p className="flex items-baseline gap-1 pt-1">
          {plan.priceMonthly === 0 ? (
            <span className="text-4xl font-semibold tracking-tight">Free</span>
          ) : (
            <>
              <span className="text-4xl font-semibold tracking-tight">${plan.priceMonthly}</span>
              <span className="text-sm text-muted-foreground">/month</span>
            </>
          )}
        </p>
      </header>
      <ul aria-label={`${plan.name} includes`} className="mt-6 flex flex-1 flex-col gap-2.5 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2.5">
            <span className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full bg-primary/12 text-primary">
              <Check className="size-3" aria-hidden="true" />
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <footer className="mt-6 flex flex-col gap-2">
        <PlanButton
          plan={plan}
          action={action}
          featured={featured}
          busy={busy}
          onTrial={onTrial}
          onCheckout={onCheckout}
          onManageBilling={onManageBilling}
        />
      </footer>
    </article>
  );
}

function PlanButton({
  plan,
  action,
  featured,
  busy,
  onTrial,
  onCheckout,
  onManageBilling,
}: Omit<PlanCardProps, "current"> & { featured: boolean }) {
  const variant = featured ? "default" : "outline";
  const working = busy === plan.id;
  switch (action.kind) {
    case "loading":
      return (
        <Button variant={variant} className="w-full" disabled>
          <Spinner />
          Checking your plan
        </Button>
      );
    case "link":
      return (
        <Button asChild variant={variant} className="w-full">
          <Link to={action.to}>{action.label}</Link>
        </Button>
      );
    case "contact":
      return (
        <Button asChild variant={variant} className="w-full">
          <a href={action.href}>
            <Mail aria-hidden="true" />
            {action.label}
          </a>
        </Button>
      );
    case "checkout":
    case "trial": {
      const paid = plan.id as PaidPlanId;
      return (
        <>
          <Button
            variant={variant}
            className="w-full"
            disabled={busy !== null}
            aria-busy={working || undefined}
            onClick={() => (action.kind === "trial" ? onTrial(paid) : onCheckout(paid))}
          >
            {working ? <Spinner /> : action.kind === "checkout" ? <CreditCard aria-hidden="true" /> : null}
            {action.label}
          </Button>
          {action.kind === "trial" ? (
            <p className="text-center text-xs text-muted-foreground">{action.note}</p>
          ) : null}
        </>
      );
    }
    case "current":
      return (
        <>
          <Button variant="secondary" className="w-full" disabled>
            <Check aria-hidden="true" />
            {action.label}
          </Button>
          {action.manageBilling ? (
            <Button
              variant="outline"
              className="w-full"
              disabled={busy !== null}
              aria-busy={busy === "portal" || undefined}
              onClick={onManageBilling}
            >
              {busy === "portal" ? <Spinner /> : <CreditCard aria-hidden="true" />}
              Manage billing
            </Button>
          ) : null}
        </>
      );
    case "ask-admin":
      return (
        <p
          role="note"
          className="flex items-start gap-2 rounded-lg border border-dashed bg-muted/60 px-3 py-2.5 text-xs leading-relaxed text-muted-foreground"
        >
          <Info className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          {action.message}
        </p>
      );
  }
}
