// Members (spec §6): owners and admins remove others, never the owner or themselves; anyone but the
// last owner may leave; only an owner changes roles, and the last owner cannot step down.
import type { TeamRole } from "@tessera/contracts";
import { and, count, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { member } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { requireMember } from "./team-access";

async function targetOf(db: Database, teamId: string, userId: string) {
  const [row] = await db
    .select({ id: member.id, role: member.role })
    .from(member)
    .where(and(eq(member.organizationId, teamId), eq(member.userId, userId)));
  if (!row) throw new AppError("NOT_FOUND", "That person is not a member of this team.");
  return { id: row.id, role: row.role as TeamRole };
}

async function ownerCount(db: Database, teamId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(member)
    .where(and(eq(member.organizationId, teamId), eq(member.role, "owner")));
  return Number(row?.n ?? 0);
}

export async function removeMember(db: Database, teamId: string, userId: string, targetUserId: string) {
  await requireMember(db, teamId, userId, ["owner", "admin"]);
  if (targetUserId === userId)
    throw new AppError("FORBIDDEN", "You cannot remove yourself. Leave the team instead.");
  const target = await targetOf(db, teamId, targetUserId);
  if (target.role === "owner") throw new AppError("FORBIDDEN", "The team owner cannot be removed.");
  await db.delete(member).where(eq(member.id, target.id));
}

export async function leaveTeam(db: Database, teamId: string, userId: string) {
  const me = await requireMember(db, teamId, userId);
  if (me.role === "owner" && (await ownerCount(db, teamId)) <= 1) {
    throw new AppError("FORBIDDEN", "The last owner cannot leave the team. Make someone else owner first.");
  }
  await db.delete(member).where(eq(member.id, me.memberId));
}

export async function changeRole(
  db: Database,
  teamId: string,
  userId: string,
  targetUserId: string,
  role: TeamRole,
) {
  await requireMember(db, teamId, userId, ["owner"]);
  const target = await targetOf(db, teamId, targetUserId);
  if (target.role === role) return;
  if (target.role === "owner" && (await ownerCount(db, teamId)) <= 1) {
    throw new AppError("FORBIDDEN", "The last owner cannot be demoted. Make someone else owner first.");
  }
  await db.update(member).set({ role }).where(eq(member.id, target.id));
}
