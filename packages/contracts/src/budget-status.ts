// Where a person stands against their monthly budget. Apart from the rest of the admin contracts,
// which bring the teams' and mail domains' schemas along: the plans (and every page that reads them)
// need only this.
import { z } from "zod";

export const budgetScopeSchema = z.enum(["instance", "team", "user"]);
export type BudgetScope = z.infer<typeof budgetScopeSchema>;

/** Where a person stands against the monthly cap that applies to them (their own, their team's, or everyone's). */
export const budgetStatusSchema = z.object({
  scope: budgetScopeSchema,
  /** The team whose budget applies (scope team). */
  teamName: z.string().nullable(),
  monthlyTokens: z.number().nullable(),
  monthlyCostUsd: z.number().nullable(),
  usedTokens: z.number(),
  usedCostUsd: z.number(),
  /** The first moment of next month (UTC), when use starts again from zero. */
  resetsAt: z.string(),
  /** 80% or more of a cap is used. */
  warning: z.boolean(),
  /** A cap is reached: model calls are refused (429) until `resetsAt`. */
  exceeded: z.boolean(),
});
export type BudgetStatus = z.infer<typeof budgetStatusSchema>;
