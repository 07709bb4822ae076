// What the admin console's services need, and the one check every route of it makes first.
import type { Auth } from "../../auth/auth";
import type { Database } from "../../db/client";
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

export { instanceAdmin } from "../../auth/instance-admin";

/** The same answer for an id nobody has and one that never was a person's. */
export const noSuchPerson = () => new AppError("NOT_FOUND", "No such person.");
