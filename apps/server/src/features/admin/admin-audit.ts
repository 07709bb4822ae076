// Every admin action of the console is written to the audit log here (audit/record-audit.ts), with
// who did it, from where, to whom, and what changed. One call site for the whole console.
import type { AuditAction } from "@tessera/contracts";
import type { Context } from "hono";
import { auditFrom } from "../../audit/audit-from";
import { recordAudit } from "../../audit/record-audit";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../lib/context";

export function auditAdminAction(
  db: Database,
  c: Context<AppEnv>,
  action: AuditAction,
  target: { type: "user" | "team" | "budget" | "settings"; id: string },
  changes: Record<string, unknown> | null = null,
): Promise<void> {
  return recordAudit(db, { ...auditFrom(c), action, target, changes });
}
