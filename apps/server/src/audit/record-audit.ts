// The one way anything is written to the audit log. Callers say who, from where, what and to what;
// this keeps secrets out whatever they pass: a field named like a password, key, token or secret is
// recorded as "[redacted]" (that it changed, never its value), and long values are cut short.
import type { AuditAction } from "@tessera/contracts";
import type { Database } from "../db/client";
import { auditEvents } from "../db/schema";

export interface AuditActor {
  id: string | null;
  email: string | null;
}

export interface AuditEntry {
  /** Who did it; null for the system itself (a timer, a webhook). */
  actor: AuditActor | null;
  /** The client address as auth/client-ip.ts computes it; null when there is no request. */
  ip: string | null;
  action: AuditAction;
  target?: { type: string; id: string } | null;
  /** What changed: plain values only. Secret-named fields are redacted here, whatever the caller passes. */
  changes?: Record<string, unknown> | null;
}

/** Field names whose values are never written: passwords, keys, tokens, secrets, codes. */
const SECRET_NAME =
  /password|passphrase|secret|token$|key$|credential|cookie|authorization|backup_?codes?$|^code$|^otp$|^totp/i;
const MAX_STRING = 500;
const MAX_DEPTH = 4;
const MAX_ITEMS = 50;

export const REDACTED = "[redacted]";

export async function recordAudit(db: Pick<Database, "insert">, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email?.toLowerCase() ?? null,
    ip: entry.ip,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    changes: entry.changes ? (scrub(entry.changes, 0) as Record<string, unknown>) : null,
  });
}

/** An address with a password in it (smtp://user:pass@host) keeps its user, not its password. */
const withoutUrlPassword = (text: string) =>
  text.replace(/^([a-z][a-z\d+.-]*:\/\/[^/:@\s]*):[^/@\s]*@/i, `$1:${REDACTED}@`);

/** A copy fit for the log: secret-named fields redacted, strings, lists and nesting bounded. */
export function scrub(value: unknown, depth: number): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") {
    const text = withoutUrlPassword(value);
    return text.length > MAX_STRING ? `${text.slice(0, MAX_STRING)}…` : text;
  }
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (value instanceof Date) return value.toISOString();
  if (depth >= MAX_DEPTH) return "…";
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((v) => scrub(v, depth + 1));
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value).slice(0, MAX_ITEMS)) {
      if (v === undefined) continue;
      out[k] = SECRET_NAME.test(k) ? (v === null ? null : REDACTED) : scrub(v, depth + 1);
    }
    return out;
  }
  // A bigint keeps its digits; a function or a symbol says nothing worth keeping.
  return typeof value === "bigint" ? value.toString().slice(0, MAX_STRING) : null;
}
