// What each plan card's button does for this visitor. Pure, so every case reads in one place:
// signed out → sign in; Core → the dashboard; Pro and Max → checkout when the instance sells plans,
// else the free trial once, else a plain word about who sets plans here; Team → a mail to sales.
// Where the instance sells no plans at all (billing off), every paid card says so instead.
import {
  planAtLeast,
  PLANS,
  PLANS_NOT_SOLD,
  TRIAL_DAYS,
  TRIAL_PLAN,
  type PlanId,
  type Subscription,
} from "@tessera/contracts";
import type { PaidPlanId } from "../api/start-checkout";

export type PlanAction =
  | { kind: "loading" }
  | { kind: "link"; to: string; label: string }
  | { kind: "checkout"; plan: PaidPlanId; label: string }
  | { kind: "trial"; label: string; note: string }
  /** Already on this plan (or one that includes it); a Stripe customer may manage billing. */
  | { kind: "current"; label: "Current plan" | "Included"; manageBilling: boolean }
  | { kind: "contact"; href: string; label: string }
  | { kind: "ask-admin"; message: string };

export interface PlanContext {
  auth: "loading" | "signed-in" | "signed-out";
  /** The plan and trial as the server holds them; null when signed out or not known. */
  subscription: Subscription | null;
  /** Still reading the plan or the public config. */
  loading: boolean;
  /** The plan shown as current: Core until the server says otherwise. */
  current: PlanId;
  checkout: boolean;
  salesEmail: string | null;
  /** off: this instance sells no plans, and every feature is open to everyone signed in. */
  billing: "on" | "off";
}

export const TEAM_MAIL_SUBJECT = "Tessera Team plan";
export const NOT_SOLD = PLANS_NOT_SOLD;
export const TRIAL_USED = "Your trial has ended. Ask your Tessera administrator to change your plan.";
const ASK_ADMIN = "Plans here are set by your Tessera administrator. Ask them to change your plan.";

export function planAction(plan: PlanId, ctx: PlanContext): PlanAction {
  if (ctx.auth === "loading") return { kind: "loading" };
  if (ctx.billing === "off" && plan !== "core") return { kind: "ask-admin", message: NOT_SOLD };
  if (ctx.auth === "signed-out")
    return {
      kind: "link",
      to: `/auth?plan=${plan}`,
      label: plan === "core" ? "Get started free" : `Choose ${PLANS[plan].name}`,
    };
  if (plan === "core") return { kind: "link", to: "/dashboard", label: "Open dashboard" };
  if (ctx.loading) return { kind: "loading" };

  if (planAtLeast(ctx.current, plan))
    return {
      kind: "current",
      label: ctx.current === plan ? "Current plan" : "Included",
      manageBilling: ctx.current === plan && ctx.subscription?.source === "stripe",
    };

  if (plan === "team") {
    if (!ctx.salesEmail)
      return { kind: "ask-admin", message: "Ask your Tessera administrator about the Team plan." };
    const subject = encodeURIComponent(TEAM_MAIL_SUBJECT);
    return { kind: "contact", href: `mailto:${ctx.salesEmail}?subject=${subject}`, label: "Contact sales" };
  }

  if (ctx.checkout) return { kind: "checkout", plan, label: `Upgrade to ${PLANS[plan].name}` };

  // Not known (the plan could not be read): offer the trial and let the server decide.
  const trialAvailable = ctx.subscription?.trialAvailable ?? true;
  // The trial is of Pro: no use to someone who already has Pro.
  if (trialAvailable && !planAtLeast(ctx.current, TRIAL_PLAN))
    // A card's button starts that card's plan: the trial is of Pro, so the Max card points to it
    // instead of a button reading "Start Pro trial" under Max.
    return plan === TRIAL_PLAN
      ? { kind: "trial", label: "Start free trial", note: `${TRIAL_DAYS} days free, no card needed.` }
      : {
          kind: "ask-admin",
          message: `Your administrator sets ${PLANS[plan].name} here. The free trial is of ${PLANS[TRIAL_PLAN].name}: start it from its card.`,
        };

  // Back on Core with the trial spent: the trial has ended.
  const trialOver = !trialAvailable && ctx.subscription?.source === "none";
  return { kind: "ask-admin", message: trialOver ? TRIAL_USED : ASK_ADMIN };
}
