// GET /api/admin/audit.csv: every event the filters match (newest first, at most AUDIT_EXPORT_MAX),
// read a batch at a time and sent as it is read. A cell that would start a spreadsheet formula is
// quoted with a leading apostrophe, so an address or a name cannot run as one where the file is opened.
import { AUDIT_EXPORT_MAX, type AuditQuery } from "@tessera/contracts";
import { and, desc, lt, or, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { auditEvents } from "../db/schema";
import { auditWhere } from "./audit-filters";

const BATCH = 1_000;
const HEADER = ["time", "actor_email", "actor_id", "ip", "action", "target_type", "target_id", "changes"];

export function exportAudit(db: Database, query: Omit<AuditQuery, "page">): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const where = auditWhere(query);
  let after: { createdAt: Date; id: string } | null = null;
  let sent = 0;
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${HEADER.join(",")}\r\n`));
        return;
      }
      const cursor = after;
      const rows = await db
        .select()
        .from(auditEvents)
        .where(
          and(
            where,
            cursor
              ? or(
                  lt(auditEvents.createdAt, cursor.createdAt),
                  and(eq(auditEvents.createdAt, cursor.createdAt), lt(auditEvents.id, cursor.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(Math.min(BATCH, AUDIT_EXPORT_MAX - sent));
      if (rows.length === 0) return controller.close();
      const lines = rows.map((r) =>
        [
          r.createdAt.toISOString(),
          r.actorEmail,
          r.actorId,
          r.ip,
          r.action,
          r.targetType,
          r.targetId,
          r.changes ? JSON.stringify(r.changes) : "",
        ]
          .map(csvCell)
          .join(","),
      );
      controller.enqueue(encoder.encode(`${lines.join("\r\n")}\r\n`));
      sent += rows.length;
      const last = rows.at(-1)!;
      after = { createdAt: last.createdAt, id: last.id };
      if (rows.length < BATCH || sent >= AUDIT_EXPORT_MAX) controller.close();
    },
  });
}

/** One CSV cell (RFC 4180), with formula-starting text made inert. */
export function csvCell(value: string | null): string {
  if (value === null || value === "") return "";
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}
