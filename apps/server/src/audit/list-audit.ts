// GET /api/admin/audit: one page of the log, newest first, with the filters' total.
import { AUDIT_PAGE_SIZE, type AuditEvent, type AuditPage, type AuditQuery } from "@tessera/contracts";
import { count, desc } from "drizzle-orm";
import type { Database } from "../db/client";
import { auditEvents } from "../db/schema";
import { auditWhere } from "./audit-filters";

export async function listAudit(db: Database, query: AuditQuery, retentionDays: number): Promise<AuditPage> {
  const where = auditWhere(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return {
    events: rows.map(toAuditEvent),
    page: query.page,
    pageSize: AUDIT_PAGE_SIZE,
    total: Number(total?.n ?? 0),
    retentionDays,
  };
}

export function toAuditEvent(row: typeof auditEvents.$inferSelect): AuditEvent {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    ip: row.ip,
    action: row.action as AuditEvent["action"],
    targetType: row.targetType,
    targetId: row.targetId,
    changes: row.changes ?? null,
  };
}
