// What GET /api/models answers: the catalogue's models (model-catalogue.ts), each with whether it can
// be used now.
import { z } from "zod";
import { PROVIDER_IDS } from "./constants";
import { planIdSchema } from "./plan-id";

export const providerIdSchema = z.enum(PROVIDER_IDS);
export type ProviderId = z.infer<typeof providerIdSchema>;

export const modelAvailabilitySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  vision: z.boolean(),
  research: z.boolean(),
  available: z.boolean(),
  provider: providerIdSchema.nullable(),
  /** Why it cannot be used now, in words for anyone (never a variable's name). */
  unavailableReason: z.string().nullable(),
  /** Unavailable only for want of a connection: an instance admin can connect one (Admin → Connections). */
  needsConnection: z.boolean().optional(),
  /** Set when only the caller's plan stands in the way: the cheapest plan that includes it. */
  requiredPlan: planIdSchema.nullable().default(null),
});
export type ModelAvailability = z.infer<typeof modelAvailabilitySchema>;

export const modelsResponseSchema = z.object({
  groups: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      icon: z.string(),
      color: z.string(),
      models: z.array(modelAvailabilitySchema),
    }),
  ),
});
export type ModelsResponse = z.infer<typeof modelsResponseSchema>;
