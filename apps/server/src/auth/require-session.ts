import { createMiddleware } from "hono/factory";
import type { AppEnv, SessionInfo } from "../lib/context";
import { unauthorized } from "../lib/errors";
import type { Auth } from "./auth";

/**
 * Every /api/* call past this point needs `Authorization: Bearer <token>`; cookies are not enough.
 * `signInMessage` words the 401 of particular paths the way the spec does (search: "Please sign in…").
 */
export const requireSession = (
  auth: Auth,
  opts: { signInMessage?: (path: string) => string | undefined } = {},
) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const refuse = () => unauthorized(opts.signInMessage?.(c.req.path));
    const authorization = c.req.header("authorization");
    if (!authorization || !/^Bearer\s+\S+$/i.test(authorization)) throw refuse();
    const found = await auth.api.getSession({ headers: new Headers({ authorization }) });
    if (!found) throw refuse();
    c.set("session", found as unknown as SessionInfo);
    c.set("logger", c.get("logger").child({ userId: found.user.id }));
    await next();
  });
