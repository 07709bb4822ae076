// Runs what a plan card's button asks for: the free trial, checkout, or the billing portal. One
// action at a time for the whole page, so a double click or a second card cannot send twice.
import { PLANS, TRIAL_DAYS, TRIAL_PLAN } from "@tessera/contracts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import { errorMessage } from "@/lib/api-client";
import { useRefreshSubscription } from "@/lib/subscription";
import { useOpenBillingPortal } from "../api/open-billing-portal";
import { useStartCheckout, type PaidPlanId } from "../api/start-checkout";
import { useStartTrial } from "../api/start-trial";

/**
 * Where the trial leads once started: the dashboard, whose Current Plan shows it. (Spec 001 §2 sends
 * Pro and Max to team settings, which below the Team plan is only its lock screen.)
 */
export const AFTER_TRIAL_PATH = "/dashboard";

export type BusyKey = PaidPlanId | "portal";

export function usePlanChoice() {
  const { t } = useTranslation("public");
  const navigate = useNavigate();
  const trial = useStartTrial();
  const checkout = useStartCheckout();
  const portal = useOpenBillingPortal();
  const refresh = useRefreshSubscription();
  const [busy, setBusy] = useState<BusyKey | null>(null);
  const running = useRef(false);

  // Coming back from checkout with the Back button restores this page as it was left: busy.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      running.current = false;
      setBusy(null);
    };
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);

  /** Runs one action; `work` answers true when the browser is leaving (stay busy until it has). */
  const run = async (key: BusyKey, failure: string, work: () => Promise<boolean>) => {
    if (running.current) return;
    running.current = true;
    setBusy(key);
    let leaving = false;
    try {
      leaving = await work();
    } catch (error) {
      toast.error(failure, { description: errorMessage(error) });
      // The refusal may mean the plan changed elsewhere (the trial used in another tab): re-read it.
      void refresh();
    } finally {
      if (!leaving) {
        running.current = false;
        setBusy(null);
      }
    }
  };

  return {
    busy,
    /** Starts the free trial from the card `from` (Pro's: the trial is of Pro). */
    startTrial: (from: PaidPlanId) =>
      run(from, t("choice.trialFailed"), async () => {
        await trial.mutateAsync();
        const plan = PLANS[TRIAL_PLAN].name;
        toast.success(t("choice.trialStarted", { count: TRIAL_DAYS, plan }), {
          description: t("choice.trialStartedDescription", { plan }),
        });
        await navigate(AFTER_TRIAL_PATH);
        return false;
      }),
    checkout: (plan: PaidPlanId) =>
      run(plan, t("choice.checkoutFailed"), async () => {
        window.location.assign(await checkout.mutateAsync(plan));
        return true;
      }),
    manageBilling: () =>
      run("portal", t("choice.portalFailed"), async () => {
        window.location.assign(await portal.mutateAsync());
        return true;
      }),
  };
}
