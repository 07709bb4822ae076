// Keeps the audit log to AUDIT_RETENTION_DAYS: every process runs this timer (deleting what is past
// the age twice is harmless), once soon after start and then every hour.
import { lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { auditEvents } from "../db/schema";
import type { Logger } from "../lib/logger";

const HOUR_MS = 60 * 60 * 1000;
/** After start, so the first sweep does not compete with migrations and seeding. */
const FIRST_SWEEP_MS = 30_000;

export async function deleteExpiredAudit(db: Database, retentionDays: number): Promise<number> {
  const deleted = await db
    .delete(auditEvents)
    .where(lt(auditEvents.createdAt, sql`now() - make_interval(days => ${retentionDays})`))
    .returning({ id: auditEvents.id });
  return deleted.length;
}

export function startAuditRetention(deps: {
  db: Database;
  retentionDays: number;
  logger: Logger;
  everyMs?: number;
}): { stop(): void } {
  const sweep = () => {
    deleteExpiredAudit(deps.db, deps.retentionDays).then(
      (n) => {
        if (n > 0) deps.logger.info({ event: "audit.expired", deleted: n }, "old audit events deleted");
      },
      (err: unknown) =>
        deps.logger.warn(
          { event: "audit.retention_failed", err: String(err) },
          "could not delete old audit events",
        ),
    );
  };
  const first = setTimeout(sweep, Math.min(FIRST_SWEEP_MS, deps.everyMs ?? FIRST_SWEEP_MS));
  const every = setInterval(sweep, deps.everyMs ?? HOUR_MS);
  first.unref();
  every.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
