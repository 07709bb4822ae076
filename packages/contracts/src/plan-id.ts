import { z } from "zod";

/** The plans (spec 001 §9); their contents are in plans.ts. */
export const planIdSchema = z.enum(["core", "pro", "max", "team"]);
export type PlanId = z.infer<typeof planIdSchema>;
