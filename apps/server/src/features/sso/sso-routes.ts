// Admin → Sign-in under /api/admin/sso: read, save and remove company sign-in's configuration.
// Instance admins only (403 otherwise, as every admin route); each change is in the audit log.
import { updateSsoSettingsSchema } from "@tessera/contracts";
import { Hono, type Context } from "hono";
import { auditFrom } from "../../audit/audit-from";
import { recordAudit } from "../../audit/record-audit";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { readJson } from "../../lib/validate";
import { instanceAdmin } from "../../auth/instance-admin";
import { saveSso, type SaveSsoDeps } from "./save-sso";
import { ssoView } from "./sso-view";

export interface SsoRoutesDeps extends SaveSsoDeps {
  db: Database;
  publicUrl: string;
  adminEmails: readonly string[];
}

const TARGET = { type: "settings", id: "sso" };

export function ssoRoutes(deps: SsoRoutesDeps) {
  const admin = (c: Context<AppEnv>) => instanceAdmin(c, deps.adminEmails);
  return new Hono<AppEnv>()
    .get("/", (c) => {
      admin(c);
      return c.json(ssoView(deps.live, deps.publicUrl));
    })
    .put("/", async (c) => {
      const me = admin(c);
      const input = await readJson(c, updateSsoSettingsSchema);
      const changes = await saveSso(deps, me.id, input);
      await recordAudit(deps.db, { ...auditFrom(c), action: "sso.configured", target: TARGET, changes });
      return c.json(ssoView(deps.live, deps.publicUrl));
    })
    .delete("/", async (c) => {
      admin(c);
      if (!(await deps.live.remove()))
        throw new AppError("NOT_FOUND", "Admin → Sign-in holds no configuration.");
      await recordAudit(deps.db, { ...auditFrom(c), action: "sso.removed", target: TARGET });
      return c.json(ssoView(deps.live, deps.publicUrl));
    });
}
