import type { Plan } from "@tessera/contracts";
import { Check, CreditCard, Info, Mail, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn, formatCurrency } from "@/lib/utils";
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
  const { t } = useTranslation("public");
  const featured = Boolean(plan.mostPopular);
  const translated: unknown = t(`plans.${plan.id}.features`, { returnObjects: true });
  // The list in the page's language, as long as it is the list the contracts define.
  const features =
    Array.isArray(translated) && translated.length === plan.features.length
      ? (translated as string[])
      : plan.features;
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
          {t("card.mostPopular")}
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
              {t("card.currentPlan")}
            </Badge>
          ) : null}
        </div>
        <p className="text-sm sm:min-h-10 text-muted-foreground">
          {t(`plans.${plan.id}.tagline`, { defaultValue: plan.tagline })}
        </p>
        <p className="flex items-baseline gap-1 pt-1">
          {plan.priceMonthly === 0 ? (
            <span className="text-4xl font-semibold tracking-tight">{t("card.free")}</span>
          ) : (
            <>
              <span className="text-4xl font-semibold tracking-tight">
                {formatCurrency(plan.priceMonthly, "USD", {
                  minimumFractionDigits: 0,
                  maximumFractionDigits: 0,
                })}
              </span>
              <span className="text-sm text-muted-foreground">{t("card.perMonth")}</span>
            </>
          )}
        </p>
      </header>
      <ul
        aria-label={t("card.includes", { plan: plan.name })}
        className="mt-6 flex flex-1 flex-col gap-2.5 text-sm"
      >
        {features.map((feature) => (
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
  const { t } = useTranslation("public");
  const variant = featured ? "default" : "outline";
  const working = busy === plan.id;
  switch (action.kind) {
    case "loading":
      return (
        <Button variant={variant} className="w-full" disabled>
          <Spinner />
          {t("card.checking")}
        </Button>
      );
    case "link":
      return (
        <Button asChild variant={variant} className="w-full">
          <Link to={action.to}>{t(action.label.key, action.label.values)}</Link>
        </Button>
      );
    case "contact":
      return (
        <Button asChild variant={variant} className="w-full">
          <a href={action.href}>
            <Mail aria-hidden="true" />
            {t(action.label.key, action.label.values)}
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
            {t(action.label.key, action.label.values)}
          </Button>
          {action.kind === "trial" ? (
            <p className="text-center text-xs text-muted-foreground">
              {t(action.note.key, action.note.values)}
            </p>
          ) : null}
        </>
      );
    }
    case "current":
      return (
        <>
          <Button variant="secondary" className="w-full" disabled>
            <Check aria-hidden="true" />
            {t(action.label.key, action.label.values)}
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
              {t("card.manageBilling")}
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
          {t(action.message.key, action.message.values)}
        </p>
      );
  }
}
