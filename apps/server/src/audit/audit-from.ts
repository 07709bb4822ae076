import type { Context } from "hono";
import type { AppEnv } from "../lib/context";
import type { AuditEntry } from "./record-audit";

/** Who is calling and from where, for a route behind the session check. */
export function auditFrom(c: Context<AppEnv>): Pick<AuditEntry, "actor" | "ip"> {
  const { user } = c.get("session");
  return { actor: { id: user.id, email: user.email }, ip: c.get("clientIp") ?? null };
}
