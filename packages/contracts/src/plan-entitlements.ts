// Plans and what they entitle (spec 001 §9, §2 Pricing; 000 §3/§4 Subscription status). Defined
// once here: the server enforces these entitlements on every call that spends them, the pricing
// page lists them, and the UI shows what is locked and why before anyone tries. Without schemas
// (plans.ts has them), so the chat's first screen reads them without the schema library.
import { findCatalogueModel, LOCAL_MODEL_ID } from "./model-catalogue";
import type { PlanId } from "./plan-id";

/** Paid plans, in order: each includes everything the one before it has. */
export const PLAN_ORDER: readonly PlanId[] = ["core", "pro", "max", "team"];

export interface Plan {
  id: PlanId;
  name: string;
  /** US dollars a month; 0 is free. */
  priceMonthly: number;
  tagline: string;
  /** The pricing page's feature list (spec 001 §9). */
  features: string[];
  mostPopular?: boolean;
  /** Images a month; Team's is per seat. */
  imagesPerMonth: number;
  imagesPerSeat?: boolean;
  voice: boolean;
  customAssistants: boolean;
  apiAccess: boolean;
  teams: boolean;
}

export const PLANS: Record<PlanId, Plan> = {
  core: {
    id: "core",
    name: "Core",
    priceMonthly: 0,
    tagline: "Everything you need to start.",
    features: ["GPT-4o-mini", "Basic chat", "Standard search", "5 images a month", "Community support"],
    imagesPerMonth: 5,
    voice: false,
    customAssistants: false,
    apiAccess: false,
    teams: false,
  },
  pro: {
    id: "pro",
    name: "Pro",
    priceMonthly: 19,
    tagline: "For people who use AI every day.",
    features: [
      "GPT-5-mini",
      "File uploads",
      "Enhanced search",
      "100 images a month",
      "Voice-overs",
      "Priority support",
    ],
    mostPopular: true,
    imagesPerMonth: 100,
    voice: true,
    customAssistants: false,
    apiAccess: false,
    teams: false,
  },
  max: {
    id: "max",
    name: "Max",
    priceMonthly: 49,
    tagline: "Every model, no limits on conversations.",
    features: ["GPT-5", "Unlimited conversations", "500 images a month", "Custom assistants", "API access"],
    imagesPerMonth: 500,
    voice: true,
    customAssistants: true,
    apiAccess: true,
    teams: false,
  },
  team: {
    id: "team",
    name: "Team",
    priceMonthly: 99,
    tagline: "One workspace for the whole team.",
    features: ["Claude Sonnet 4", "Team workspaces", "Shared assistants", "Analytics", "Integrations"],
    imagesPerMonth: 500,
    imagesPerSeat: true,
    voice: true,
    customAssistants: true,
    apiAccess: true,
    teams: true,
  },
};

/** What every place that would sell or try a plan says where the instance sells none (billing off). */
export const PLANS_NOT_SOLD =
  "This instance does not sell plans: every feature is open to everyone signed in, within the budgets its administrator sets.";

export const TRIAL_DAYS = 7;
export const TRIAL_PLAN: PlanId = "pro";
export const MONEY_BACK_DAYS = 30;

export const planAtLeast = (plan: PlanId, needed: PlanId) =>
  PLAN_ORDER.indexOf(plan) >= PLAN_ORDER.indexOf(needed);

/**
 * The cheapest plan that may use a model, by the model it runs on (aliases share their upstream's
 * plan): Core has the guide, Tessera Local and the small models; Pro adds the mid tier; Max and Team
 * every model. Models outside the catalogue (an operator's own OpenAI-compatible server) are Core.
 */
const UPSTREAM_PLAN: Record<string, PlanId> = {
  [LOCAL_MODEL_ID]: "core",
  "openai/gpt-5-mini": "core",
  "openai/gpt-4o-mini": "core",
  "google/gemini-2.5-flash": "core",
  "mistralai/mistral-nemo": "core",
  "openai/gpt-4o": "pro",
  "openai/gpt-oss-120b": "pro",
  "deepseek/deepseek-chat-v3.1": "pro",
  "deepseek/deepseek-r1": "pro",
  "qwen/qwen3-coder": "pro",
  "moonshotai/kimi-k2": "pro",
  "openai/gpt-5": "max",
  "google/gemini-2.5-pro": "max",
  "anthropic/claude-sonnet-4": "max",
  "anthropic/claude-3.7-sonnet": "max",
  "x-ai/grok-4": "max",
};

export function modelPlan(modelId: string): PlanId {
  const model = findCatalogueModel(modelId);
  if (!model) return "core";
  return UPSTREAM_PLAN[model.upstream] ?? "max";
}

/** The feature a plan gate refuses, for its message. */
export type Entitlement = "model" | "images" | "voice" | "customAssistants" | "apiAccess" | "teams";

/** The cheapest plan that has an entitlement (models and images are per model and per month). */
export const FEATURE_PLAN: Record<Exclude<Entitlement, "model" | "images">, PlanId> = {
  voice: "pro",
  customAssistants: "max",
  apiAccess: "max",
  teams: "team",
};

/** "GPT-5 is on the Max plan and up. Upgrade to use it." — the words of every plan refusal. */
export function upgradeMessage(what: string, needed: PlanId): string {
  const plan = PLANS[needed].name;
  return `${what} ${needed === "team" ? "is on the Team plan" : `is on the ${plan} plan and up`}. Upgrade to use it.`;
}

export type Feature = keyof typeof FEATURE_PLAN;

/** Each feature as a refusal names it: a subject that takes "is". */
const FEATURE_NAMES: Record<Feature, string> = {
  voice: "AI Voice",
  customAssistants: "Making your own assistants",
  apiAccess: "API access",
  teams: "A team workspace",
};

/** "AI Voice is on the Pro plan and up. Upgrade to use it.": what the server and the locked screens say. */
export function featureUpgradeMessage(feature: Feature): string {
  return upgradeMessage(FEATURE_NAMES[feature], FEATURE_PLAN[feature]);
}
