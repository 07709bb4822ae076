import { MONEY_BACK_DAYS, TRIAL_DAYS } from "@tessera/contracts";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

/** The closing invitation: start free, or go back to work. */
export function PricingCta({ signedIn }: { signedIn: boolean }) {
  return (
    <section
      aria-labelledby="cta-heading"
      className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 via-indigo-600 to-violet-600 px-6 py-12 text-center text-white shadow-xl shadow-indigo-900/20 sm:px-12 dark:from-indigo-500/30 dark:via-indigo-500/20 dark:to-violet-500/30 dark:ring-1 dark:ring-white/10"
    >
      <div className="mx-auto flex max-w-2xl flex-col items-center gap-4">
        <h2 id="cta-heading" className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
          {signedIn ? "Your workspace is ready" : "Start free today"}
        </h2>
        <p className="text-balance text-indigo-50/90">
          {signedIn
            ? "Everything your plan includes is waiting in your dashboard. Change plans whenever you like; changes take effect immediately."
            : `Begin on Core at no cost, try Pro for ${TRIAL_DAYS} days without a card, and change plans whenever you like. Paid plans carry a ${MONEY_BACK_DAYS}-day money-back guarantee.`}
        </p>
        <div className="mt-2 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg" className="bg-white text-indigo-700 shadow-md hover:bg-indigo-50">
            <Link to={signedIn ? "/dashboard" : "/auth"}>
              {signedIn ? "Open dashboard" : "Create a free account"}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="ghost" className="text-white hover:bg-white/10 hover:text-white">
            <a href="#plans">Compare plans</a>
          </Button>
        </div>
      </div>
    </section>
  );
}
