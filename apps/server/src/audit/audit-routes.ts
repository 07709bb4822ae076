// Admin → Audit log: the page's reads and the CSV export. To anyone but an instance admin the
// routes do not exist (404), as the role rule asks of the admin console.
import { auditQuerySchema } from "@tessera/contracts";
import { Hono, type Context } from "hono";
import type { Database } from "../db/client";
import type { AppEnv } from "../lib/context";
import { parseWith } from "../lib/validate";
import { instanceAdmin } from "../auth/instance-admin";
import { exportAudit } from "./export-audit";
import { listAudit } from "./list-audit";

export interface AuditRoutesDeps {
  db: Database;
  adminEmails: readonly string[];
  retentionDays: number;
}

export function auditRoutes(deps: AuditRoutesDeps) {
  const admin = (c: Context<AppEnv>) => instanceAdmin(c, deps.adminEmails);
  return new Hono<AppEnv>()
    .get("/audit", async (c) => {
      admin(c);
      const query = parseWith(auditQuerySchema, c.req.query());
      return c.json(await listAudit(deps.db, query, deps.retentionDays));
    })
    .get("/audit.csv", (c) => {
      admin(c);
      const { page: _page, ...query } = parseWith(auditQuerySchema, c.req.query());
      const day = new Date().toISOString().slice(0, 10);
      return new Response(exportAudit(deps.db, query), {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="tessera-audit-${day}.csv"`,
        },
      });
    });
}
