// Usage events (the spec's track-event) and the instance admin's usage summary.
import { z } from "zod";

/** Largest track-event body the server accepts, in bytes (413 above). */
export const TRACK_EVENT_MAX_BYTES = 4096;
/** Events one person may send a minute (429 above). */
export const TRACK_EVENTS_PER_MINUTE = 120;

export const trackEventSchema = z.object({
  event_name: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9_.:-]+$/i, "letters, digits, _ . : - only"),
  properties: z
    .object({
      page_path: z.string().max(512).optional(),
      session_id: z.string().max(128).optional(),
    })
    .catchall(z.unknown())
    .default({}),
});
export type TrackEvent = z.infer<typeof trackEventSchema>;

export const adminUsageSchema = z.object({
  activeUsers7d: z.number().int(),
  activeUsers30d: z.number().int(),
  /** One entry per day of the last 30 (oldest first), days without events included as 0. */
  eventsPerDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
  topPages: z.array(z.object({ pagePath: z.string(), views: z.number().int() })),
  /** The OpenAI-compatible API over the last 30 days, everyone together. */
  api: z
    .object({ calls: z.number().int(), people: z.number().int(), tokens: z.number(), cost: z.number() })
    .default({ calls: 0, people: 0, tokens: 0, cost: 0 }),
});
export type AdminUsage = z.infer<typeof adminUsageSchema>;
