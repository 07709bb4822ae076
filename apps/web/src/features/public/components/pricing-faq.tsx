import { MONEY_BACK_DAYS, PLANS, TRIAL_DAYS, TRIAL_PLAN } from "@tessera/contracts";
import { ChevronDown } from "lucide-react";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { TEAM_MAIL_SUBJECT } from "./plan-action";

const trialPlan = PLANS[TRIAL_PLAN].name;
const MAIL_LINK = "font-medium text-primary underline-offset-4 hover:underline";

function faqs(salesEmail: string | null, t: TFunction<"public">): { question: string; answer: ReactNode }[] {
  const teamImages = { count: PLANS.team.imagesPerMonth };
  return [
    { question: t("faq.trialQ"), answer: t("faq.trialA", { plan: trialPlan, count: TRIAL_DAYS }) },
    { question: t("faq.refundQ"), answer: t("faq.refundA", { count: MONEY_BACK_DAYS }) },
    { question: t("faq.changeQ"), answer: t("faq.changeA") },
    {
      question: t("faq.coreQ"),
      answer: t("faq.coreA", { model: PLANS.core.features[0], count: PLANS.core.imagesPerMonth }),
    },
    { question: t("faq.trialEndQ"), answer: t("faq.trialEndA", { plan: trialPlan }) },
    { question: t("faq.selfHostedQ"), answer: t("faq.selfHostedA") },
    { question: t("faq.cancelQ"), answer: t("faq.cancelA") },
    {
      question: t("faq.teamQ"),
      answer: salesEmail ? (
        <Trans
          t={t}
          i18nKey="faq.teamMail"
          values={{ email: salesEmail, ...teamImages }}
          components={{
            mail: (
              <a
                className={MAIL_LINK}
                href={`mailto:${salesEmail}?subject=${encodeURIComponent(TEAM_MAIL_SUBJECT)}`}
              />
            ),
          }}
        />
      ) : (
        t("faq.teamAdmin", teamImages)
      ),
    },
  ];
}

/** Questions people ask before choosing, each opening in place (native disclosure, keyboard ready). */
export function PricingFaq({ salesEmail }: { salesEmail: string | null }) {
  const { t } = useTranslation("public");
  return (
    <section aria-labelledby="faq-heading" className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-2 text-center">
        <h2 id="faq-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {t("faq.title")}
        </h2>
        <p className="text-muted-foreground">{t("faq.subtitle")}</p>
      </div>
      <div className="divide-y rounded-2xl border bg-card shadow-sm shadow-black/[0.03]">
        {faqs(salesEmail, t).map(({ question, answer }) => (
          <details key={question} className="group px-5 sm:px-6">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md py-4 font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 [&::-webkit-details-marker]:hidden">
              {question}
              <ChevronDown
                className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                aria-hidden="true"
              />
            </summary>
            <p className="pb-5 text-sm leading-relaxed text-muted-foreground">{answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
