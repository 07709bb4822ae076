import { createMiddleware } from "hono/factory";
import type { AppEnv, SessionInfo } from "../lib/context";
import { unauthorized } from "../lib/errors";
import type { Auth } from "./auth";

/** Every /api/* call past this point needs `Authorization: Bearer <token>`; cookies are not enough. */
export const requireSession = (auth: Auth) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const authorization = c.req.header("authorization");
    if (!authorization || !/^Bearer\s+\S+$/i.test(authorization)) throw unauthorized();
    const found = await auth.api.getSession({ headers: new Headers({ authorization }) });
    if (!found) throw unauthorized();
    c.set("session", found as unknown as SessionInfo);
    c.set("logger", c.get("logger").child({ userId: found.user.id }));
    await next();
  });
