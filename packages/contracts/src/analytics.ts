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

const spent = { tokens: z.number(), cost: z.number() };
const answered = { ...spent, answers: z.number().int() };
const called = { ...spent, calls: z.number().int() };
const person = { userId: z.string(), name: z.string(), email: z.string() };

/**
 * Model use over a range of days (UTC, both included): chat answers, comparison answers and search
 * overviews by day, person, team and model, with the OpenAI-compatible API apart. A person without a
 * team is counted under the team null ("No team").
 */
export const spendReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object(answered),
  byDay: z.array(z.object({ date: z.string(), ...spent })),
  byPerson: z.array(z.object({ ...person, ...answered })),
  byTeam: z.array(
    z.object({ teamId: z.string().nullable(), name: z.string(), people: z.number().int(), ...spent }),
  ),
  byModel: z.array(z.object({ model: z.string(), ...answered })),
  api: z.object({
    totals: z.object({ ...called, people: z.number().int() }),
    byDay: z.array(z.object({ date: z.string(), ...called })),
    byPerson: z.array(z.object({ ...person, ...called })),
    byModel: z.array(z.object({ model: z.string(), ...called })),
  }),
});
export type SpendReport = z.infer<typeof spendReportSchema>;

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
  /** Tokens and cost over the asked range (?from=&to=, the last 30 days by default). */
  spend: spendReportSchema,
});
export type AdminUsage = z.infer<typeof adminUsageSchema>;
