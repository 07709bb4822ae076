// The public side of share links: the snapshot behind a token, without a session (a team's link
// with the session of one of its members). Never indexed; read at most SHARED_READS_PER_MINUTE times a minute per address.
import { shareTokenSchema } from "@tessera/contracts";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { enforceLimit, type RateLimiter } from "../../lib/rate-limiter";
import { readShared } from "./share-conversation";

/** Reads of share links one address may make a minute: plenty for people, not for guessing. */
export const SHARED_READS_PER_MINUTE = 120;

export const NOINDEX = "noindex, nofollow, noarchive";

export function sharedRoutes(deps: {
  db: Database;
  limiter: RateLimiter;
  /** The session check of /api/*: here only to learn who reads, when a bearer token is sent. */
  sessionCheck: MiddlewareHandler<AppEnv>;
}) {
  const viewerOf = async (c: Context<AppEnv, string>): Promise<string | null> => {
    if (!c.req.header("authorization")) return null;
    try {
      await deps.sessionCheck(c, () => Promise.resolve());
      return c.get("session").user.id;
    } catch {
      return null; // a stale token reads as no one: a public link still opens
    }
  };
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      await next();
      c.header("X-Robots-Tag", NOINDEX);
    })
    .get("/:token", async (c) => {
      // A malformed token is as unknown as a revoked one: no hint of what a good one looks like.
      const parsed = shareTokenSchema.safeParse(c.req.param());
      await enforceLimit(
        deps.limiter,
        `shared:${c.get("clientIp")}`,
        { windowMs: 60_000, max: SHARED_READS_PER_MINUTE },
        (wait) => `Too many requests. Try again in ${wait} s.`,
      );
      if (!parsed.success) throw new AppError("NOT_FOUND", "This link does not exist or was turned off.");
      return c.json(await readShared(deps.db, parsed.data.token, await viewerOf(c)));
    });
}
