// track-event (size- and rate-limited, per person) and the instance admin's usage summary, with tokens
// and cost over a range of days (?from=&to=).
import {
  TRACK_EVENT_MAX_BYTES,
  TRACK_EVENTS_PER_MINUTE,
  trackEventSchema,
  usageRangeQuerySchema,
} from "@tessera/contracts";
import { Hono } from "hono";
import type { Database } from "../../db/client";
import { bodyLimit } from "../../lib/body-limit";
import type { AppEnv, SessionInfo } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { enforceLimit, type RateLimiter } from "../../lib/rate-limiter";
import { parseWith, readJson } from "../../lib/validate";
import { readAdminUsage } from "./read-admin-usage";
import { trackEvent } from "./track-event";

export interface AnalyticsDeps {
  db: Database;
  limiter: RateLimiter;
  adminEmails: readonly string[];
}

const isInstanceAdmin = (user: SessionInfo["user"], adminEmails: readonly string[]) =>
  user.role === "admin" || adminEmails.includes(user.email.toLowerCase());

export function analyticsRoutes(deps: AnalyticsDeps) {
  return new Hono<AppEnv>()
    .post(
      "/track-event",
      bodyLimit(TRACK_EVENT_MAX_BYTES, `An event may be at most ${TRACK_EVENT_MAX_BYTES} bytes.`),
      async (c) => {
        const { user } = c.get("session");
        await enforceLimit(
          deps.limiter,
          `track-event:${user.id}`,
          { windowMs: 60_000, max: TRACK_EVENTS_PER_MINUTE },
          (wait) => `Too many events. Try again in ${wait} s.`,
        );
        await trackEvent(deps.db, user.id, await readJson(c, trackEventSchema));
        return c.body(null, 204);
      },
    )
    .get("/admin/usage", async (c) => {
      if (!isInstanceAdmin(c.get("session").user, deps.adminEmails))
        throw new AppError("FORBIDDEN", "Only administrators of this instance can see usage.");
      return c.json(await readAdminUsage(deps.db, parseWith(usageRangeQuerySchema, c.req.query())));
    });
}
