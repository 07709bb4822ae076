import { z } from "zod";
import { PLAN_IDS } from "./constants";

/** The plans (spec 001 §9); their contents are in plans.ts. */
export const planIdSchema = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof planIdSchema>;
