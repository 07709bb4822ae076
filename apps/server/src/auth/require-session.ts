import { createMiddleware } from "hono/factory";
import type { AppEnv, SessionInfo } from "../lib/context";
import { unauthorized } from "../lib/errors";
import type { Database } from "../db/client";
import type { Auth } from "./auth";
import { callAuth } from "./auth-calls";
import { createBearerSessions, type BearerSession } from "./bearer-session";
import type { SessionCache } from "./session-cache";

/**
 * A ban through the admin plugin ends the user's sessions; this also refuses a session that outlived
 * its ban being set (directly in the database, or by a revocation that failed) until it runs out.
 */
const isBanned = (user: { banned?: boolean | null; banExpires?: Date | null }) =>
  user.banned === true && (!user.banExpires || user.banExpires.getTime() > Date.now());

/**
 * Every /api/* call past this point needs `Authorization: Bearer <token>`; cookies are not enough.
 * `signInMessage` words the 401 of particular paths the way the spec does (search: "Please sign in…").
 */
export const requireSession = (
  auth: Auth,
  db: Database,
  opts: {
    signInMessage?: (path: string) => string | undefined;
    /** Recent sessions kept in the process (session-cache.ts); without it every call reads its row. */
    cache?: SessionCache<BearerSession>;
  } = {},
) => {
  const { session } = auth.options;
  const findSession = createBearerSessions(
    db,
    { secret: auth.options.secret, expiresIn: session.expiresIn, updateAge: session.updateAge },
    opts.cache,
  );
  return createMiddleware<AppEnv>(async (c, next) => {
    const refuse = () => unauthorized(opts.signInMessage?.(c.req.path));
    const authorization = c.req.header("authorization");
    if (!authorization || !/^Bearer\s+\S+$/i.test(authorization)) throw refuse();
    // The plain case in one query; a session to refresh, expire or refuse goes through Better Auth.
    const plain = authorization.slice(0, 7).toLowerCase() === "bearer ";
    const found =
      (plain ? await findSession(authorization.slice(7).trim()) : undefined) ??
      (await callAuth(() => auth.api.getSession({ headers: new Headers({ authorization }) })));
    if (!found || isBanned(found.user)) throw refuse();
    c.set("session", found as unknown as SessionInfo);
    c.set("logger", c.get("logger").child({ userId: found.user.id }));
    await next();
  });
};
