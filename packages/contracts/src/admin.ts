// The admin console (issue #54): people, their budgets, the instance's settings, and what a person
// is told about their own budget. Instance admins only, on /dashboard/admin/* and /api/admin/*.
import { z } from "zod";
import { planIdSchema, type PlanId } from "./plan-id";
import { budgetScopeSchema, budgetStatusSchema } from "./budget-status";
import { domainListSchema } from "./teams";

// ——— People ———

export const ADMIN_USERS_PAGE_SIZE = 25;
/** Columns the people list sorts by; "-" before one sorts it high to low. */
export const ADMIN_USER_SORTS = ["name", "email", "created", "lastActive", "tokens", "cost"] as const;
export type AdminUserSortKey = (typeof ADMIN_USER_SORTS)[number];
const SORT_VALUES = ADMIN_USER_SORTS.flatMap((k) => [k, `-${k}`] as const);
export const adminUserSortSchema = z.enum(SORT_VALUES, `Sort by one of ${ADMIN_USER_SORTS.join(", ")}.`);
export type AdminUserSort = z.infer<typeof adminUserSortSchema>;

/** GET /api/admin/users?q=&page=&sort= */
export const adminUsersQuerySchema = z.object({
  /** Part of a name or an address. */
  q: z.string().trim().max(200, "The search is at most 200 characters.").default(""),
  page: z.coerce
    .number("The page must be a number.")
    .int("The page must be a whole number.")
    .min(1, "The first page is 1.")
    .max(100_000, "There are not that many pages.")
    .default(1),
  sort: adminUserSortSchema.default("-lastActive"),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserStatusSchema = z.enum(["active", "banned", "unverified"]);
export type AdminUserStatus = z.infer<typeof adminUserStatusSchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  /** The plan as stored (with billing off it is a label, and gates nothing). */
  plan: planIdSchema,
  /** admin: an instance admin by role; `listedAdmin`: by ADMIN_EMAILS, whatever the role. */
  role: z.enum(["admin", "user"]),
  listedAdmin: z.boolean(),
  team: z.object({ id: z.string(), name: z.string(), role: z.string() }).nullable(),
  /** Model use in the last 30 days: chat, comparisons, searches and the API together. */
  tokens30d: z.number(),
  cost30d: z.number(),
  lastActiveAt: z.string().nullable(),
  createdAt: z.string(),
  status: adminUserStatusSchema,
  banReason: z.string().nullable(),
  /** When a ban ends by itself; null for a ban without an end. */
  banExpires: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersPageSchema = z.object({
  users: z.array(adminUserSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** People the search matches, on every page together. */
  total: z.number().int(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

// ——— Budgets ———

/** At or past this share of a cap, the person is warned. */
export const BUDGET_WARNING_SHARE = 0.8;
export const BUDGET_MAX_TOKENS = 1_000_000_000_000;
export const BUDGET_MAX_COST_USD = 1_000_000;

const tokensCap = z
  .number("monthlyTokens must be a number.")
  .int("monthlyTokens must be a whole number of tokens.")
  .min(1, "monthlyTokens must be at least 1.")
  .max(BUDGET_MAX_TOKENS, "monthlyTokens is at most a trillion.")
  .nullable()
  .optional();
const costCap = z
  .number("monthlyCostUsd must be a number.")
  .min(0.01, "monthlyCostUsd must be at least 0.01.")
  .max(BUDGET_MAX_COST_USD, "monthlyCostUsd is at most 1,000,000.")
  .nullable()
  .optional();

/** PUT /api/admin/budgets: sets (or replaces) the budget of the instance, a team or a person. */
export const setBudgetSchema = z
  .object({
    scope: budgetScopeSchema,
    /** The team's or the person's id; none for the instance. */
    id: z.string().trim().min(1).max(200).optional(),
    monthlyTokens: tokensCap,
    monthlyCostUsd: costCap,
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.scope === "instance" && b.id !== undefined)
      ctx.addIssue({ code: "custom", path: ["id"], message: "The instance's budget takes no id." });
    if (b.scope !== "instance" && b.id === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["id"],
        message: `Name the ${b.scope === "team" ? "team" : "person"} by id.`,
      });
    if (b.monthlyTokens == null && b.monthlyCostUsd == null)
      ctx.addIssue({
        code: "custom",
        message: "Set monthlyTokens, monthlyCostUsd or both (to remove a budget, DELETE it).",
      });
  });
export type SetBudget = z.input<typeof setBudgetSchema>;

/** DELETE /api/admin/budgets?scope=&id= */
export const budgetSubjectQuerySchema = z
  .object({
    scope: budgetScopeSchema,
    id: z.string().trim().min(1).max(200).optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.scope === "instance") !== (b.id === undefined))
      ctx.addIssue({
        code: "custom",
        path: ["id"],
        message:
          b.scope === "instance" ? "The instance's budget takes no id." : "Name the team or person by id.",
      });
  });

export const budgetSchema = z.object({
  scope: budgetScopeSchema,
  /** The team's or person's id; null for the instance. */
  id: z.string().nullable(),
  /** The team's name or the person's address; null for the instance. */
  name: z.string().nullable(),
  monthlyTokens: z.number().nullable(),
  monthlyCostUsd: z.number().nullable(),
  /** People this cap applies to now (those without a narrower one), */
  appliesTo: z.number().int(),
  /** of whom this many have used 80% of it or more this month, */
  warned: z.number().int(),
  /** and this many have reached it (their model calls are refused until the month ends). */
  reached: z.number().int(),
  updatedAt: z.string(),
});
export type Budget = z.infer<typeof budgetSchema>;

export const budgetsResponseSchema = z.object({
  instance: budgetSchema.nullable(),
  teams: z.array(budgetSchema),
  users: z.array(budgetSchema),
  /** Teams and people a budget can be set for, to choose from. */
  choices: z.object({
    teams: z.array(z.object({ id: z.string(), name: z.string(), members: z.number().int() })),
  }),
  resetsAt: z.string(),
});
export type BudgetsResponse = z.infer<typeof budgetsResponseSchema>;

// ——— One person, and what an admin does to them ———

export const adminUserDetailSchema = adminUserSchema.extend({
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  planSource: z.enum(["none", "trial", "admin", "stripe"]),
  planValidUntil: z.string().nullable(),
  /** Sessions still live (browsers and devices signed in). */
  sessions: z.number().int(),
  /** The caller themself: they may not ban, delete or demote themselves. */
  isSelf: z.boolean(),
  budget: budgetStatusSchema.nullable(),
  /** This calendar month (UTC), and what they keep. */
  month: z.object({ tokens: z.number(), cost: z.number() }),
  counts: z.object({
    conversations: z.number().int(),
    comparisons: z.number().int(),
    searches: z.number().int(),
    documents: z.number().int(),
    images: z.number().int(),
    voiceOvers: z.number().int(),
    apiKeys: z.number().int(),
  }),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const BAN_REASON_MAX = 500;

/** POST /api/admin/users/:id/ban */
export const banUserSchema = z
  .object({
    reason: z
      .string("Give a reason for the ban.")
      .trim()
      .min(1, "Give a reason for the ban.")
      .max(BAN_REASON_MAX, `The reason is at most ${BAN_REASON_MAX} characters.`),
    /** When the ban ends by itself (ISO date-time in the future); none or null: until lifted. */
    until: z
      .string()
      .datetime({ offset: true, message: "until must be a date and time, such as 2027-01-31T00:00:00Z." })
      .refine((s) => new Date(s).getUTCFullYear() <= 9999, "until must be before the year 10000.")
      .nullable()
      .optional(),
  })
  .strict();
export type BanUser = z.input<typeof banUserSchema>;

/** PUT /api/admin/users/:id/role */
export const setUserRoleSchema = z.object({ role: z.enum(["admin", "user"]) }).strict();
export type SetUserRole = z.infer<typeof setUserRoleSchema>;

/** DELETE /api/admin/users/:id: the person's address, typed again, confirms it. */
export const deleteUserSchema = z
  .object({ confirmEmail: z.string("Type the person's email address to confirm.").trim().max(320) })
  .strict();

// ——— Settings ———

export const registrationModeSchema = z.enum(["open", "invite", "closed"]);
export type RegistrationMode = z.infer<typeof registrationModeSchema>;
export const REGISTRATION_LABELS: Record<RegistrationMode, string> = {
  open: "Open to anyone",
  invite: "Invite only",
  closed: "Closed",
};

export const INSTANCE_NAME_MAX = 60;
export const ALLOWED_DOMAINS_MAX = 50;

export const instanceSettingsSchema = z.object({
  registration: registrationModeSchema,
  /** Sign-up only from these mail domains; empty: any. */
  allowedDomains: z.array(z.string()),
  defaultPlan: planIdSchema,
  instanceName: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type InstanceSettings = z.infer<typeof instanceSettingsSchema>;

export const DEFAULT_INSTANCE_SETTINGS: InstanceSettings = {
  registration: "open",
  allowedDomains: [],
  defaultPlan: "core" satisfies PlanId,
  instanceName: null,
  updatedAt: null,
};

/** PATCH /api/admin/settings: what is given changes, the rest stays. */
export const updateInstanceSettingsSchema = z
  .object({
    registration: registrationModeSchema.optional(),
    allowedDomains: domainListSchema(ALLOWED_DOMAINS_MAX).optional(),
    defaultPlan: planIdSchema.optional(),
    instanceName: z
      .string()
      .trim()
      .max(INSTANCE_NAME_MAX, `The name is at most ${INSTANCE_NAME_MAX} characters.`)
      .refine((s) => !/\p{Cc}/u.test(s), "The name cannot hold control characters.")
      .transform((s) => (s === "" ? null : s))
      .nullable()
      .optional(),
  })
  .strict();
export type UpdateInstanceSettings = z.input<typeof updateInstanceSettingsSchema>;

// ——— Usage report ———

/** A day as YYYY-MM-DD (UTC). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayParam = (name: string) =>
  z
    .string()
    .regex(DAY, `${name} must be a day such as 2027-01-31.`)
    .refine((d) => {
      const t = Date.parse(`${d}T00:00:00Z`);
      return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
    }, `${name} is not a day of the calendar.`)
    // Far enough either way for any report; the database's own calendar ends long before some dates do.
    .refine((d) => d >= "2000-01-01" && d <= "9000-12-31", `${name} must be between 2000 and 9000.`);

/** The longest range one report covers. */
export const USAGE_RANGE_MAX_DAYS = 366;

/** GET /api/admin/usage?from=&to=: days in UTC, both included; the last 30 days without them. */
export const usageRangeQuerySchema = z
  .object({ from: dayParam("from").optional(), to: dayParam("to").optional() })
  .refine((r) => !r.from || !r.to || r.from <= r.to, "from must not be after to.")
  .refine(
    (r) =>
      !r.from ||
      !r.to ||
      (Date.parse(`${r.to}T00:00:00Z`) - Date.parse(`${r.from}T00:00:00Z`)) / 86_400_000 <
        USAGE_RANGE_MAX_DAYS,
    `A report covers at most ${USAGE_RANGE_MAX_DAYS} days.`,
  );
