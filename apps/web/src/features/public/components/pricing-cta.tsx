import { MONEY_BACK_DAYS, TRIAL_DAYS } from "@tessera/contracts";
import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

/** The closing invitation: start free, or go back to work. */
export function PricingCta({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation("public");
  return (
    <section
      aria-labelledby="cta-heading"
      className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 via-indigo-600 to-violet-600 px-6 py-12 text-center text-white shadow-xl shadow-indigo-900/20 sm:px-12 dark:from-indigo-500/30 dark:via-indigo-500/20 dark:to-violet-500/30 dark:ring-1 dark:ring-white/10"
    >
      <div className="mx-auto flex max-w-2xl flex-col items-center gap-4">
        <h2 id="cta-heading" className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
          {t(signedIn ? "cta.readyTitle" : "cta.startTitle")}
        </h2>
        <p className="text-balance text-indigo-50/90">
          {signedIn
            ? t("cta.readyText")
            : `${t("cta.startText", { count: TRIAL_DAYS })} ${t("cta.refundText", { count: MONEY_BACK_DAYS })}`}
        </p>
        <div className="mt-2 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg" className="bg-white text-indigo-700 shadow-md hover:bg-indigo-50">
            <Link to={signedIn ? "/dashboard" : "/auth"}>
              {t(signedIn ? "cta.openDashboard" : "cta.createAccount")}
              <ArrowRight aria-hidden="true" className="rtl:-scale-x-100" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="ghost" className="text-white hover:bg-white/10 hover:text-white">
            <a href="#plans">{t("cta.compare")}</a>
          </Button>
        </div>
      </div>
    </section>
  );
}
