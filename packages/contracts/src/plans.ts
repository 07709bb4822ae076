// A person's plan as the server sees it and the billing requests (spec 001 §9; 000 §3/§4 Subscription
// status). The plans and what they entitle are in plan-entitlements.ts.
import { z } from "zod";
import { budgetStatusSchema } from "./budget-status";
import { planIdSchema, type PlanId } from "./plan-id";

export { planIdSchema, type PlanId };

/** Who may do what, as the server sees it now (GET /api/subscription). */
export const subscriptionSchema = z.object({
  plan: planIdSchema,
  /** Where the plan comes from: none (Core), the free trial, an admin, or a Stripe subscription. */
  source: z.enum(["none", "trial", "admin", "stripe"]),
  /** When a paid plan or trial ends (ISO); null for Core or a plan without an end. */
  validUntil: z.string().nullable(),
  trialAvailable: z.boolean(),
  /** Whether plans can be bought here (Stripe configured); otherwise the trial and admins set plans. */
  checkout: z.boolean(),
  /** off: this instance does not sell plans and `plan` gates nothing: every feature is open. */
  billing: z.enum(["on", "off"]).default("on"),
  usage: z.object({
    imagesThisMonth: z.number().int().nonnegative(),
    /** null: no monthly allowance (billing off). */
    imagesPerMonth: z.number().int().nonnegative().nullable(),
  }),
  /** The monthly budget that applies to this person and how much of it is used; null: none. */
  budget: budgetStatusSchema.nullable().default(null),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** POST /api/check-subscription (spec §7): the answer the client's subscription state is built from. */
export const checkSubscriptionSchema = z.object({
  subscribed: z.boolean(),
  /** The plan's name ("Pro"); null when not subscribed. */
  tier: z.string().nullable(),
  validUntil: z.string().nullable(),
});
export type CheckSubscription = z.infer<typeof checkSubscriptionSchema>;

/** POST /api/check-team-access (spec §7 check-team-access). */
export const checkTeamAccessSchema = z.object({
  team_access: z.array(z.object({ team_id: z.string(), team_name: z.string(), role: z.string() })),
  has_team_features: z.boolean(),
});
export type CheckTeamAccess = z.infer<typeof checkTeamAccessSchema>;

/** POST /api/billing/checkout: where to go next (Stripe Checkout, or the dashboard after a trial). */
export const checkoutRequestSchema = z.object({ plan: z.enum(["pro", "max", "team"]) }).strict();
export const redirectSchema = z.object({ url: z.string() });

/** PUT /api/admin/users/:id/plan: an instance admin sets a person's plan (until, or open-ended). */
export const setPlanSchema = z
  .object({
    plan: planIdSchema,
    validUntil: z
      .string()
      .datetime({ offset: true })
      // The database keeps years 1 to 9999 of this era; year 0 and beyond 9999 are no dates to it.
      .refine((s) => {
        const year = new Date(s).getUTCFullYear();
        return year >= 1970 && year <= 9999;
      }, "a date between 1970 and 9999")
      .nullable()
      .default(null),
  })
  .strict();
