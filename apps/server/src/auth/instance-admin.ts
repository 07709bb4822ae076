// Who may use the admin console: an instance admin by role, or by address in ADMIN_EMAILS.
import type { Context } from "hono";
import type { AppEnv } from "../lib/context";
import { AppError } from "../lib/errors";

/**
 * The caller, who must be an instance admin. To anyone else the admin console does not exist: 404,
 * as for a route that is not there.
 */
export function instanceAdmin(c: Context<AppEnv>, adminEmails: readonly string[]) {
  const { user } = c.get("session");
  if (user.role !== "admin" && !adminEmails.includes(user.email.toLowerCase()))
    throw new AppError("NOT_FOUND", "No such API route.");
  return user;
}
