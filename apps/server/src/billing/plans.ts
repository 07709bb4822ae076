// Each person's plan as the server enforces it (issue: plans, entitlements and billing). Core
// unless a row says otherwise; a plan whose time is up is Core again. Trials start once; admins and
// Stripe set plans. Every call that spends an entitlement checks it here, and every model call its
// caller's monthly budget too (budgets.ts). With billing off (billing-mode.ts) plans gate nothing:
// the plan that applies is the one with every entitlement, the stored one is a label (it applies again
// if billing is turned on), and the budgets are the limits.
import {
  CHAT_ERROR_MESSAGES,
  featureUpgradeMessage,
  findCatalogueModel,
  modelPlan,
  PLANS,
  PLANS_NOT_SOLD,
  planAtLeast,
  TRIAL_DAYS,
  TRIAL_PLAN,
  upgradeMessage,
  type Feature,
  type ModelsResponse,
  type PlanId,
} from "@tessera/contracts";
import { and, count, eq, gte, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { generatedImages, subscriptions } from "../db/schema";
import { AppError } from "../lib/errors";
import { billingMode, type BillingMode } from "./billing-mode";
import { requireBudget } from "./budgets";
import type { LlmRegistry, ResolveContext, ResolvedModel } from "../providers/llm/types";

export interface PlanState {
  /** The plan whose entitlements apply now: the stored one, or with billing off every entitlement. */
  plan: PlanId;
  /** The plan as the trial, an admin or Stripe set it (with billing off, a label only). */
  stored: PlanId;
  billing: BillingMode;
  source: "none" | "trial" | "admin" | "stripe";
  validUntil: Date | null;
  trialAvailable: boolean;
  stripeCustomerId: string | null;
}

type Row = typeof subscriptions.$inferSelect;

/** The plan with every entitlement: what everyone has when the instance does not sell plans. */
const EVERYTHING: PlanId = "team";

/** The instance does not sell plans: buying, trying and upgrading have nothing to give here. */
export const NOT_SOLD_MESSAGE = PLANS_NOT_SOLD;

export function planOf(row: Row | undefined, now = new Date(), billing: BillingMode = "on"): PlanState {
  const applies = (stored: PlanId) => (billing === "off" ? EVERYTHING : stored);
  if (!row)
    return {
      plan: applies("core"),
      stored: "core",
      billing,
      source: "none",
      validUntil: null,
      trialAvailable: true,
      stripeCustomerId: null,
    };
  const expired = row.validUntil !== null && row.validUntil <= now;
  const active = row.plan !== "core" && !expired;
  return {
    plan: applies(active ? row.plan : "core"),
    stored: active ? row.plan : "core",
    billing,
    source: active ? row.source : "none",
    validUntil: active ? row.validUntil : null,
    trialAvailable: row.trialStartedAt === null,
    stripeCustomerId: row.stripeCustomerId,
  };
}

export async function readPlan(db: Database, userId: string, now = new Date()): Promise<PlanState> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return planOf(row, now, billingMode(db));
}

/** Starts the free Pro trial: once per account, whatever happened since. */
export async function startTrial(db: Database, userId: string, now = new Date()): Promise<PlanState> {
  if (billingMode(db) === "off") throw new AppError("CONFLICT", NOT_SOLD_MESSAGE);
  const until = new Date(now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
  const current = await readPlan(db, userId, now);
  if (current.stored !== "core" && planAtLeast(current.stored, TRIAL_PLAN) && current.source !== "trial")
    throw new AppError("CONFLICT", `You are already on the ${PLANS[current.stored].name} plan.`);
  // One statement decides: the row gets its trial only if it never had one, even under a double click.
  const started = await db
    .insert(subscriptions)
    .values({
      userId,
      plan: TRIAL_PLAN,
      source: "trial",
      validUntil: until,
      trialStartedAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: { plan: TRIAL_PLAN, source: "trial", validUntil: until, trialStartedAt: now, updatedAt: now },
      setWhere: sql`${subscriptions.trialStartedAt} is null`,
    })
    .returning();
  if (started.length === 0) throw new AppError("CONFLICT", "Your free trial has already been used.");
  return planOf(started[0], now, billingMode(db));
}

/** An instance admin's decision: takes effect at once, until `validUntil` or open-ended. */
export async function setPlan(
  db: Database,
  userId: string,
  plan: PlanId,
  validUntil: Date | null,
  now = new Date(),
): Promise<PlanState> {
  const values = {
    plan,
    source: plan === "core" ? ("none" as const) : ("admin" as const),
    validUntil,
    updatedAt: now,
  };
  const [row] = await db
    .insert(subscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: values })
    .returning();
  return planOf(row, now, billingMode(db));
}

/**
 * The model a person may ask now, resolved: 400 for one neither the catalogue nor a model server
 * knows, 503 for one no configured provider serves, 403 for one above their plan, 429 once their
 * monthly budget is spent.
 */
export async function resolveModelOnPlan(
  deps: { db: Database; llm: LlmRegistry },
  userId: string,
  modelId: string,
  ctx: ResolveContext,
): Promise<Extract<ResolvedModel, { ok: true }>> {
  const resolved = await deps.llm.resolve(modelId, ctx);
  if (!resolved.ok) {
    throw resolved.reason === "unsupported"
      ? new AppError("BAD_REQUEST", CHAT_ERROR_MESSAGES.unsupported)
      : new AppError("UNAVAILABLE", CHAT_ERROR_MESSAGES.unavailable);
  }
  await requireModel(deps.db, userId, modelId, findCatalogueModel(modelId)?.name ?? modelId);
  return resolved;
}

/**
 * Refuses a model the caller's plan does not include, naming the plan that does, and any model once
 * the caller's monthly budget is spent: every model call passes here before anything is stored.
 */
export async function requireModel(db: Database, userId: string, modelId: string, modelName: string) {
  const needed = modelPlan(modelId);
  if (needed !== "core" && billingMode(db) === "on") {
    const { plan } = await readPlan(db, userId);
    if (!planAtLeast(plan, needed)) throw new AppError("PLAN_REQUIRED", upgradeMessage(modelName, needed));
  }
  await requireBudget(db, userId);
}

export async function requireFeature(db: Database, userId: string, feature: Feature) {
  if (billingMode(db) === "off") return;
  const { plan } = await readPlan(db, userId);
  if (!PLANS[plan][feature]) throw new AppError("PLAN_REQUIRED", featureUpgradeMessage(feature));
}

/** The model list as one person may use it: models above their plan are unavailable, and say why. */
export function lockModelsByPlan(list: ModelsResponse, plan: PlanId): ModelsResponse {
  return {
    groups: list.groups.map((g) => ({
      ...g,
      models: g.models.map((m) => {
        const needed = modelPlan(m.id);
        if (!m.available || planAtLeast(plan, needed)) return m;
        return {
          ...m,
          available: false,
          unavailableReason: upgradeMessage(m.name, needed),
          requiredPlan: needed,
        };
      }),
    })),
  };
}

/** The start of the current calendar month (UTC): image allowances reset then. */
export const monthStart = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

export async function imagesThisMonth(db: Database, userId: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(generatedImages)
    .where(
      and(
        eq(generatedImages.userId, userId),
        gte(generatedImages.createdAt, monthStart(now)),
        ne(generatedImages.status, "failed"),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Images a month for a plan; Team's allowance is per seat (one seat until the team has members). Billing off has none (see reserveImages). */
export const imageAllowance = (plan: PlanId, seats = 1) =>
  PLANS[plan].imagesPerMonth * (PLANS[plan].imagesPerSeat ? Math.max(1, seats) : 1);

/**
 * Reserves `n` images of this month's allowance as pending rows, or refuses with 402 when they would
 * not fit. The caller's plan row is locked for the check, so concurrent requests are counted right.
 */
export async function reserveImages(
  db: Database,
  userId: string,
  rows: { prompt: string; model: string; aspectRatio: string }[],
  now = new Date(),
): Promise<string[]> {
  if (billingMode(db) === "off") {
    const inserted = await db
      .insert(generatedImages)
      .values(rows.map((r) => ({ userId, ...r, status: "pending", createdAt: now })))
      .returning({ id: generatedImages.id });
    return inserted.map((r) => r.id);
  }
  return db.transaction(async (tx) => {
    await tx.insert(subscriptions).values({ userId }).onConflictDoNothing();
    const [locked] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .for("update");
    const { plan } = planOf(locked, now);
    const used = await imagesThisMonth(tx, userId, now);
    const allowance = imageAllowance(plan);
    if (used + rows.length > allowance) {
      const next = plan === "core" ? "pro" : plan === "pro" ? "max" : null;
      throw new AppError(
        "QUOTA_EXCEEDED",
        `You have used ${used} of the ${allowance} images your ${PLANS[plan].name} plan includes this month.` +
          (next
            ? ` The ${PLANS[next].name} plan includes ${PLANS[next].imagesPerMonth}.`
            : " It renews on the 1st."),
      );
    }
    const inserted = await tx
      .insert(generatedImages)
      .values(rows.map((r) => ({ userId, ...r, status: "pending", createdAt: now })))
      .returning({ id: generatedImages.id });
    return inserted.map((r) => r.id);
  });
}
