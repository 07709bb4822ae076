import { z } from "zod";

/** The one error shape every /api/* failure answers with. */
export const errorResponseSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), requestId: z.string() }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
