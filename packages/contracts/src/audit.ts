// The audit log: admin actions and security events, as instance admins read and export it on
// Admin → Audit log (GET /api/admin/audit, /api/admin/audit.csv).
import { z } from "zod";

/** Every action the log knows, grouped by what it is about; the page offers them as a filter. */
export const AUDIT_ACTIONS = [
  "auth.sign_in",
  "auth.sign_in_failed",
  "auth.sign_out",
  "auth.password_changed",
  "auth.password_reset",
  "auth.two_factor_enabled",
  "auth.two_factor_disabled",
  "api_key.created",
  "api_key.revoked",
  "user.role_changed",
  "user.plan_changed",
  "user.banned",
  "user.unbanned",
  "user.deleted",
  "user.sessions_revoked",
  "user.password_set",
  "user.impersonated",
  "budget.changed",
  "settings.changed",
  "connection.created",
  "connection.updated",
  "connection.deleted",
  "catalogue.model_added",
  "catalogue.model_updated",
  "catalogue.model_removed",
  "local_model.added",
  "local_model.removed",
  "local_model.retried",
  "mcp.server_added",
  "mcp.server_updated",
  "mcp.server_removed",
  "sso.configured",
  "sso.removed",
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS, "Not an action the audit log records.");
export type AuditAction = z.infer<typeof auditActionSchema>;

/** Events per page of the log. */
export const AUDIT_PAGE_SIZE = 50;
/** The most rows one CSV export holds (newest first); narrow the filters for older ones. */
export const AUDIT_EXPORT_MAX = 50_000;

export const auditEventSchema = z.object({
  id: z.string(),
  /** When it happened (ISO 8601). */
  at: z.string(),
  /** Who did it: null for the system or an address nobody has an account for. */
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /** The client address as the rate limits see it (an IPv6 client by its /64). */
  ip: z.string().nullable(),
  action: auditActionSchema,
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** What changed, without secrets (passwords, keys, tokens are never recorded). */
  changes: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** A day (2026-05-01) or a moment (2026-05-01T12:00:00Z); a day means its whole length. */
const dayOrMoment = (label: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)),
      `${label} must be a date (2026-05-01) or a date and time.`,
    );

const emptyAsUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const auditQuerySchema = z
  .object({
    action: z.preprocess(emptyAsUndefined, auditActionSchema.optional()),
    /** Part of the actor's email, or their user id. */
    actor: z.preprocess(
      emptyAsUndefined,
      z.string().trim().max(320, "actor is at most 320 characters.").optional(),
    ),
    from: z.preprocess(emptyAsUndefined, dayOrMoment("from").optional()),
    to: z.preprocess(emptyAsUndefined, dayOrMoment("to").optional()),
    /** Words found in the action, the actor, the address, the target or what changed. */
    q: z.preprocess(emptyAsUndefined, z.string().trim().max(200, "q is at most 200 characters.").optional()),
    page: z.coerce
      .number("page must be a number.")
      .int("page must be a whole number.")
      .min(1, "page starts at 1.")
      .max(100_000, "page is at most 100000.")
      .default(1),
  })
  .refine((v) => !v.from || !v.to || toBound(v.from, "from") <= toBound(v.to, "to"), {
    message: "from must not be after to.",
    path: ["from"],
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** The moment a filter's date stands for: a bare day starts at its midnight (from) or ends at the next (to). */
export function toBound(value: string, side: "from" | "to"): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = new Date(`${value}T00:00:00.000Z`);
    return side === "from" ? start : new Date(start.getTime() + 24 * 60 * 60 * 1000);
  }
  return new Date(value);
}

export const auditPageSchema = z.object({
  events: z.array(auditEventSchema),
  page: z.number(),
  pageSize: z.number(),
  /** Events matching the filters, over every page. */
  total: z.number(),
  /** How many days events are kept (AUDIT_RETENTION_DAYS). */
  retentionDays: z.number(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
