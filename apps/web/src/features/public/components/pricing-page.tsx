// The public pricing page (spec 001 §2, §9): four plans, what choosing each does for this visitor,
// the FAQ and a closing call to action. Works signed out; the server decides every plan change.
import { MONEY_BACK_DAYS, PLAN_ORDER, PLANS, TRIAL_DAYS } from "@tessera/contracts";
import { useIsFetching } from "@tanstack/react-query";
import { BadgeCheck, CalendarClock, Info, LogIn, RefreshCw, ShieldCheck } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { useAuth } from "@/lib/auth-context";
import { usePublicConfigQuery } from "@/lib/public-config-query";
import { subscriptionQueryKey, useSubscription, type SubscriptionState } from "@/lib/subscription";
import { useDocumentTitle } from "@/lib/use-document-title";
import { dateFormat } from "@/lib/utils";
import { planAction, type PlanContext } from "./plan-action";
import { PlanCard } from "./plan-card";
import { PricingCta } from "./pricing-cta";
import { PricingFaq } from "./pricing-faq";
import { usePlanChoice } from "./use-plan-choice";

const PROMISES = [
  { icon: BadgeCheck, key: "pricing.trialPromise", count: TRIAL_DAYS },
  { icon: ShieldCheck, key: "pricing.refundPromise", count: MONEY_BACK_DAYS },
  { icon: RefreshCw, key: "pricing.immediate", count: undefined },
];

const longDate = dateFormat({ dateStyle: "long" });

export function PricingPage() {
  const { t } = useTranslation("public");
  useDocumentTitle(t("pricing.title"));
  const { status } = useAuth();
  const config = usePublicConfigQuery();
  const subscription = useSubscription();
  const readingPlan = useIsFetching({ queryKey: [...subscriptionQueryKey, "details"] }) > 0;
  const choice = usePlanChoice();
  const signedIn = status === "signed-in";
  const details = subscription.details;

  const ctx: PlanContext = {
    auth: status,
    subscription: details,
    loading: signedIn && ((!details && (subscription.loading || readingPlan)) || config.isPending),
    current: subscription.plan,
    checkout: details?.checkout ?? config.data?.billing.checkout ?? false,
    salesEmail: config.data?.billing.salesEmail || null,
    billing: details?.billing ?? config.data?.billing.mode ?? "on",
  };
  const selling = ctx.billing === "on";

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-16 px-4 pt-8 pb-16 sm:gap-20 sm:px-8 sm:pt-12">
      <header className="flex flex-col items-center gap-5 text-center">
        <p className="text-sm font-medium text-primary">{t("pricing.eyebrow")}</p>
        <h1 className="max-w-2xl text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
          {t("pricing.heading")}
        </h1>
        <p className="max-w-xl text-base text-balance text-muted-foreground sm:text-lg">
          {t("pricing.intro", { count: TRIAL_DAYS })}
        </p>
        {selling ? (
          <>
            <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm text-muted-foreground">
              {PROMISES.map(({ icon: Icon, key, count }) => (
                <li key={key} className="flex items-center gap-1.5">
                  <Icon className="size-4 text-primary" aria-hidden="true" />
                  {t(key, { count })}
                </li>
              ))}
            </ul>
            <PlanStatus signedOut={status === "signed-out"} subscription={subscription} />
          </>
        ) : (
          <p
            role="status"
            className="flex max-w-xl items-start gap-2 rounded-2xl border bg-card/80 px-4 py-2.5 text-start text-sm text-muted-foreground shadow-xs"
          >
            <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {t("pricing.notSold")}
          </p>
        )}
      </header>

      <section id="plans" aria-label={t("pricing.plans")} className="scroll-mt-6">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4 lg:gap-4">
          {PLAN_ORDER.map((id) => (
            <PlanCard
              key={id}
              plan={PLANS[id]}
              action={planAction(id, ctx)}
              current={selling && signedIn && !ctx.loading && ctx.current === id}
              busy={choice.busy}
              onTrial={(from) => void choice.startTrial(from)}
              onCheckout={(plan) => void choice.checkout(plan)}
              onManageBilling={() => void choice.manageBilling()}
            />
          ))}
        </div>
      </section>

      <PricingFaq salesEmail={ctx.salesEmail} />
      <PricingCta signedIn={signedIn} />
    </div>
  );
}

/** One line under the heading: sign in to choose, or which plan you are on and until when. */
function PlanStatus({ signedOut, subscription }: { signedOut: boolean; subscription: SubscriptionState }) {
  const { t } = useTranslation("public");
  const className =
    "flex items-center gap-2 rounded-full border bg-card/80 px-4 py-1.5 text-sm text-muted-foreground shadow-xs";
  if (signedOut)
    return (
      <p className={className}>
        <LogIn className="size-4 text-primary" aria-hidden="true" />
        {t("pricing.signInToChoose")}
      </p>
    );
  const details = subscription.details;
  if (!details) return null;
  const name = PLANS[details.plan].name;
  const until = details.validUntil ? longDate().format(new Date(details.validUntil)) : null;
  const trial = details.source === "trial";
  const key = until
    ? trial
      ? "pricing.onTrialUntil"
      : "pricing.onUntil"
    : trial
      ? "pricing.onTrial"
      : "pricing.on";
  return (
    <p className={className} role="status">
      <CalendarClock className="size-4 text-primary" aria-hidden="true" />
      <span>
        <Trans
          t={t}
          i18nKey={key}
          values={{ plan: name, date: until }}
          components={{ strong: <strong className="font-medium text-foreground" /> }}
        />
      </span>
    </p>
  );
}
