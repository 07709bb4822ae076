// The public side of share links: the snapshot behind a token, without a session. Never indexed.
import { shareTokenSchema } from "@tessera/contracts";
import { Hono } from "hono";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { readShared } from "./share-conversation";

export const NOINDEX = "noindex, nofollow, noarchive";

export function sharedRoutes(db: Database) {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      await next();
      c.header("X-Robots-Tag", NOINDEX);
    })
    .get("/:token", async (c) => {
      // A malformed token is as unknown as a revoked one: no hint of what a good one looks like.
      const parsed = shareTokenSchema.safeParse(c.req.param());
      if (!parsed.success) throw new AppError("NOT_FOUND", "This link does not exist or was turned off.");
      return c.json(await readShared(db, parsed.data.token));
    });
}
