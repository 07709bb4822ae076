import { z } from "zod";

/** GET /api/public/help: the bundled help articles that Tessera Local cites. */
export const helpResponseSchema = z.object({
  articles: z.array(z.object({ slug: z.string(), title: z.string(), body: z.string() })),
});
export type HelpResponse = z.infer<typeof helpResponseSchema>;

/** Where a catalogue model is described (the help page's model list). */
export const modelHelpPath = (modelId: string) => `/help/models#model-${encodeURIComponent(modelId)}`;
