// What the admin console's services need, and the one check every route of it makes first.
import type { Context } from "hono";
import type { Auth } from "../../auth/auth";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import type { Storage } from "../../providers/storage/storage";
import type { LiveSettings } from "../../settings/live-settings";

export interface AdminDeps {
  db: Database;
  auth: Auth;
  storage: Storage;
  settings: LiveSettings;
  logger: Logger;
  /** ADMIN_EMAILS: instance admins by address, whatever their role. */
  adminEmails: readonly string[];
}

/** The caller, who must be an instance admin (role admin, or listed in ADMIN_EMAILS); 403 otherwise. */
export function instanceAdmin(c: Context<AppEnv>, adminEmails: readonly string[]) {
  const { user } = c.get("session");
  if (user.role !== "admin" && !adminEmails.includes(user.email.toLowerCase()))
    throw new AppError("FORBIDDEN", "Only administrators of this instance can use the admin console.");
  return user;
}

/** The same answer for an id nobody has and one that never was a person's. */
export const noSuchPerson = () => new AppError("NOT_FOUND", "No such person.");
