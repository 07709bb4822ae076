// The admin's filters on the audit log as one WHERE clause, shared by the page and the CSV export.
import { toBound, type AuditQuery } from "@tessera/contracts";
import { and, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { auditEvents } from "../db/schema";

/** LIKE's own characters taken literally, so a search for "50%" finds "50%". */
const literal = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export function auditWhere(query: Omit<AuditQuery, "page">): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.action) conditions.push(eq(auditEvents.action, query.action));
  if (query.actor)
    conditions.push(
      or(eq(auditEvents.actorId, query.actor), ilike(auditEvents.actorEmail, literal(query.actor))),
    );
  if (query.from) conditions.push(gte(auditEvents.createdAt, toBound(query.from, "from")));
  if (query.to) conditions.push(lt(auditEvents.createdAt, toBound(query.to, "to")));
  if (query.q) {
    const words = literal(query.q);
    conditions.push(
      or(
        ilike(auditEvents.action, words),
        ilike(auditEvents.actorEmail, words),
        ilike(auditEvents.ip, words),
        ilike(auditEvents.targetType, words),
        ilike(auditEvents.targetId, words),
        ilike(sql`${auditEvents.changes}::text`, words),
      ),
    );
  }
  return and(...conditions);
}
