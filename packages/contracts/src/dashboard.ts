// GET /api/dashboard/metrics (spec 000 §2 Dashboard home, §7 dashboard metrics): exact counts over
// the last 30 days, chats per model, and (beyond the spec) activity per day and tokens and cost per model.
import { z } from "zod";

export const DASHBOARD_WINDOW_DAYS = 30;
/** A conversation without a model counts as the guide's social model (spec §9). */
export const UNKNOWN_MODEL_COUNTS_AS = "tessera-social";

export const dashboardMetricsSchema = z.object({
  windowDays: z.number().int(),
  totals: z.object({
    chats: z.number().int().nonnegative(),
    searches: z.number().int().nonnegative(),
    images: z.number().int().nonnegative(),
    videos: z.number().int().nonnegative(),
  }),
  /** Most chats first. */
  models: z.array(
    z.object({
      model: z.string(),
      chats: z.number().int().nonnegative(),
      tokens: z.number().int().nonnegative(),
      /** US dollars reported by the provider; 0 when none was reported. */
      cost: z.number().nonnegative(),
    }),
  ),
  /** Calls through the OpenAI-compatible API (personal API keys), which store no conversation. */
  api: z
    .object({
      calls: z.number().int().nonnegative(),
      tokens: z.number().int().nonnegative(),
      cost: z.number().nonnegative(),
      models: z.array(
        z.object({
          model: z.string(),
          calls: z.number().int().nonnegative(),
          tokens: z.number().int().nonnegative(),
          cost: z.number().nonnegative(),
        }),
      ),
    })
    .default({ calls: 0, tokens: 0, cost: 0, models: [] }),
  /** One entry per day of the window, oldest first, days without activity included (UTC dates). */
  daily: z.array(
    z.object({
      date: z.string(),
      chats: z.number().int().nonnegative(),
      searches: z.number().int().nonnegative(),
      images: z.number().int().nonnegative(),
    }),
  ),
});
export type DashboardMetrics = z.infer<typeof dashboardMetricsSchema>;
