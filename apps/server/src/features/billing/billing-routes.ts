// Plans over HTTP: the caller's plan and usage, the spec's check-subscription and check-team-access,
// the free trial, Stripe Checkout and portal, the Stripe webhook, and admins setting plans.
import {
  checkoutRequestSchema,
  PLANS,
  setPlanSchema,
  type CheckSubscription,
  type CheckTeamAccess,
  type Subscription,
} from "@tessera/contracts";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { billingMode } from "../../billing/billing-mode";
import { readBudgetStatus } from "../../billing/budgets";
import {
  imageAllowance,
  imagesThisMonth,
  NOT_SOLD_MESSAGE,
  readPlan,
  setPlan,
  startTrial,
  type PlanState,
} from "../../billing/plans";
import { auditFrom } from "../../audit/audit-from";
import { recordAudit } from "../../audit/record-audit";
import { applyStripeEvent } from "../../billing/stripe-events";
import type { Database } from "../../db/client";
import { member, organization, user as users } from "../../db/schema";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { readJson } from "../../lib/validate";
import { StripeError, WebhookSignatureError, type Stripe } from "../../providers/billing/stripe";

export interface BillingDeps {
  db: Database;
  stripe: Stripe | null;
  publicUrl: string;
  adminEmails: readonly string[];
}

const adminPlanSchema = setPlanSchema.extend({ email: z.string().trim().email() });

/** The plan as stored (with billing off a label only: `billing` says plans gate nothing). */
async function describe(deps: BillingDeps, userId: string, state: PlanState): Promise<Subscription> {
  const selling = state.billing === "on";
  return {
    plan: state.stored,
    source: state.source,
    validUntil: state.validUntil?.toISOString() ?? null,
    trialAvailable: selling && state.trialAvailable,
    checkout: selling && deps.stripe !== null,
    billing: state.billing,
    usage: {
      imagesThisMonth: await imagesThisMonth(deps.db, userId),
      imagesPerMonth: selling ? imageAllowance(state.plan) : null,
    },
    budget: await readBudgetStatus(deps.db, userId),
  };
}

const stripeFailure = (err: unknown): never => {
  if (err instanceof StripeError)
    throw new AppError("UNAVAILABLE", "Billing is not reachable right now. Try again in a moment.", {
      cause: err,
    });
  throw err;
};

/** Signed-in routes, under /api. */
export function billingRoutes(deps: BillingDeps) {
  const who = (c: { get: (k: "session") => { user: { id: string; email: string; role?: string | null } } }) =>
    c.get("session").user;
  return new Hono<AppEnv>()
    .get("/subscription", async (c) => {
      const { id } = who(c);
      return c.json(await describe(deps, id, await readPlan(deps.db, id)));
    })
    .post("/check-subscription", async (c) => {
      const state = await readPlan(deps.db, who(c).id);
      const body: CheckSubscription = {
        subscribed: state.stored !== "core",
        tier: state.stored === "core" ? null : PLANS[state.stored].name,
        validUntil: state.validUntil?.toISOString() ?? null,
      };
      return c.json(body);
    })
    .post("/check-team-access", async (c) => {
      const state = await readPlan(deps.db, who(c).id);
      const teams = await deps.db
        .select({ team_id: organization.id, team_name: organization.name, role: member.role })
        .from(member)
        .innerJoin(organization, eq(organization.id, member.organizationId))
        .where(eq(member.userId, who(c).id));
      const body: CheckTeamAccess = { team_access: teams, has_team_features: PLANS[state.plan].teams };
      return c.json(body);
    })
    .post("/billing/trial", async (c) => {
      const { id } = who(c);
      return c.json(await describe(deps, id, await startTrial(deps.db, id)), 201);
    })
    .post("/billing/checkout", async (c) => {
      const { plan } = await readJson(c, checkoutRequestSchema);
      const me = who(c);
      if (billingMode(deps.db) === "off") throw new AppError("CONFLICT", NOT_SOLD_MESSAGE);
      if (!deps.stripe)
        throw new AppError(
          "CONFLICT",
          "Plans cannot be bought on this instance. Start the free trial, or ask your administrator to change your plan.",
        );
      if (!deps.stripe.canSell(plan))
        throw new AppError("BAD_REQUEST", `The ${PLANS[plan].name} plan cannot be bought here.`);
      const state = await readPlan(deps.db, me.id);
      // Someone who already pays changes plans in the portal, never with a second subscription.
      if (state.source === "stripe" && state.stripeCustomerId) {
        const url = await deps.stripe
          .createPortalSession({ customerId: state.stripeCustomerId, returnUrl: `${deps.publicUrl}/pricing` })
          .catch(stripeFailure);
        return c.json({ url });
      }
      const url = await deps.stripe
        .createCheckoutSession({
          plan,
          userId: me.id,
          email: me.email,
          customerId: state.stripeCustomerId,
          successUrl: `${deps.publicUrl}/dashboard/team-settings?checkout=success`,
          cancelUrl: `${deps.publicUrl}/pricing`,
        })
        .catch(stripeFailure);
      return c.json({ url });
    })
    .post("/billing/portal", async (c) => {
      const state = await readPlan(deps.db, who(c).id);
      if (!deps.stripe || !state.stripeCustomerId)
        throw new AppError("NOT_FOUND", "There is no billing account to manage yet.");
      const url = await deps.stripe
        .createPortalSession({ customerId: state.stripeCustomerId, returnUrl: `${deps.publicUrl}/pricing` })
        .catch(stripeFailure);
      return c.json({ url });
    })
    .put("/admin/plans", async (c) => {
      // The instance admin (the first account, or anyone given the role) and ADMIN_EMAILS.
      const me = who(c);
      if (me.role !== "admin" && !deps.adminEmails.includes(me.email.toLowerCase()))
        throw new AppError("FORBIDDEN", "Only administrators of this instance can set plans.");
      const input = await readJson(c, adminPlanSchema);
      const [target] = await deps.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, input.email.toLowerCase()));
      if (!target) throw new AppError("NOT_FOUND", "No account has that email.");
      const validUntil = input.validUntil ? new Date(input.validUntil) : null;
      const state = await setPlan(deps.db, target.id, input.plan, validUntil);
      await recordAudit(deps.db, {
        ...auditFrom(c),
        action: "user.plan_changed",
        target: { type: "user", id: target.id },
        changes: {
          email: input.email.toLowerCase(),
          plan: input.plan,
          validUntil: validUntil?.toISOString() ?? null,
        },
      });
      return c.json(await describe(deps, target.id, state));
    });
}

/** POST /api/billing/webhook: Stripe's calls, authenticated by their signature instead of a session. */
export function stripeWebhookRoute(deps: { db: Database; stripe: Stripe | null; logger: Logger }) {
  return new Hono<AppEnv>().post("/", async (c) => {
    if (!deps.stripe) throw new AppError("NOT_FOUND", "Billing webhooks are not configured here.");
    const raw = await c.req.text();
    let event;
    try {
      event = deps.stripe.verifyWebhook(raw, c.req.header("stripe-signature"));
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw new AppError("BAD_REQUEST", err.message);
      throw err;
    }
    const outcome = await applyStripeEvent(deps.db, deps.stripe, event, c.get("logger"));
    c.get("logger").info(
      { event: "billing.webhook", type: event.type, id: event.id, outcome },
      "stripe event",
    );
    return c.json({ received: true, outcome });
  });
}
