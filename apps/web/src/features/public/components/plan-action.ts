// What each plan card's button does for this visitor. Pure, so every case reads in one place:
// signed out → sign in; Core → the dashboard; Pro and Max → checkout when the instance sells plans,
// else the free trial once, else a plain word about who sets plans here; Team → a mail to sales.
// Where the instance sells no plans at all (billing off), every paid card says so instead.
import {
  planAtLeast,
  PLANS,
  TRIAL_DAYS,
  TRIAL_PLAN,
  type PlanId,
  type Subscription,
} from "@tessera/contracts";
import type { PaidPlanId } from "../api/start-checkout";

/** A text of the `public` namespace and its values, said in the page's language where it is shown. */
export interface Text {
  key: string;
  values?: Record<string, string | number>;
}

export type PlanAction =
  | { kind: "loading" }
  | { kind: "link"; to: string; label: Text }
  | { kind: "checkout"; plan: PaidPlanId; label: Text }
  | { kind: "trial"; label: Text; note: Text }
  /** Already on this plan (or one that includes it); a Stripe customer may manage billing. */
  | { kind: "current"; label: Text; manageBilling: boolean }
  | { kind: "contact"; href: string; label: Text }
  | { kind: "ask-admin"; message: Text };

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
const NOT_SOLD: Text = { key: "pricing.notSold" };
const TRIAL_USED: Text = { key: "action.trialUsed" };
const ASK_ADMIN: Text = { key: "action.askAdmin" };
const name = (plan: PlanId) => ({ plan: PLANS[plan].name });

export function planAction(plan: PlanId, ctx: PlanContext): PlanAction {
  if (ctx.auth === "loading") return { kind: "loading" };
  if (ctx.billing === "off" && plan !== "core") return { kind: "ask-admin", message: NOT_SOLD };
  if (ctx.auth === "signed-out")
    return {
      kind: "link",
      to: `/auth?plan=${plan}`,
      label: plan === "core" ? { key: "action.getStarted" } : { key: "action.choose", values: name(plan) },
    };
  if (plan === "core") return { kind: "link", to: "/dashboard", label: { key: "action.openDashboard" } };
  if (ctx.loading) return { kind: "loading" };

  if (planAtLeast(ctx.current, plan))
    return {
      kind: "current",
      label: { key: ctx.current === plan ? "action.current" : "action.included" },
      manageBilling: ctx.current === plan && ctx.subscription?.source === "stripe",
    };

  if (plan === "team") {
    if (!ctx.salesEmail) return { kind: "ask-admin", message: { key: "action.askTeam" } };
    const subject = encodeURIComponent(TEAM_MAIL_SUBJECT);
    return {
      kind: "contact",
      href: `mailto:${ctx.salesEmail}?subject=${subject}`,
      label: { key: "action.contactSales" },
    };
  }

  if (ctx.checkout) return { kind: "checkout", plan, label: { key: "action.upgrade", values: name(plan) } };

  // Not known (the plan could not be read): offer the trial and let the server decide.
  const trialAvailable = ctx.subscription?.trialAvailable ?? true;
  // The trial is of Pro: no use to someone who already has Pro.
  if (trialAvailable && !planAtLeast(ctx.current, TRIAL_PLAN))
    // A card's button starts that card's plan: the trial is of Pro, so the Max card points to it
    // instead of a button reading "Start Pro trial" under Max.
    return plan === TRIAL_PLAN
      ? {
          kind: "trial",
          label: { key: "action.startTrial" },
          note: { key: "action.trialNote", values: { count: TRIAL_DAYS } },
        }
      : {
          kind: "ask-admin",
          message: {
            key: "action.trialElsewhere",
            values: { ...name(plan), trialPlan: PLANS[TRIAL_PLAN].name },
          },
        };

  // Back on Core with the trial spent: the trial has ended.
  const trialOver = !trialAvailable && ctx.subscription?.source === "none";
  return { kind: "ask-admin", message: trialOver ? TRIAL_USED : ASK_ADMIN };
}
