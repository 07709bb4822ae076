// Who may do what in a team. Every team service starts here: a non-member learns nothing (404), a
// member without the role is refused (403). Membership is read on each call, so a removed member
// loses access at once.
import type { TeamRole } from "@tessera/contracts";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { member } from "../../db/schema";
import { AppError } from "../../lib/errors";

export const TEAM_NOT_FOUND = "No such team, or you are not a member of it.";

export async function requireMember(db: Database, teamId: string, userId: string, roles?: TeamRole[]) {
  const [row] = await db
    .select({ id: member.id, role: member.role })
    .from(member)
    .where(and(eq(member.organizationId, teamId), eq(member.userId, userId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", TEAM_NOT_FOUND);
  const role = row.role as TeamRole;
  if (roles && !roles.includes(role)) {
    throw new AppError(
      "FORBIDDEN",
      roles.includes("admin") ? "Only a team owner or admin can do this." : "Only a team owner can do this.",
    );
  }
  return { memberId: row.id, role };
}

/** Each person belongs to at most one team; its id, or null. */
export async function teamOf(db: Database, userId: string) {
  const [row] = await db
    .select({ teamId: member.organizationId, role: member.role })
    .from(member)
    .where(eq(member.userId, userId))
    .limit(1);
  return row ?? null;
}

/**
 * Better Auth's organization slug is required and unique, the company slug is optional: a team
 * without one keeps "_<id>", which no chosen slug can look like (they are [a-z0-9-]).
 */
export const placeholderSlug = (teamId: string) => `_${teamId}`;
export const companySlug = (stored: string) => (stored.startsWith("_") ? null : stored);
