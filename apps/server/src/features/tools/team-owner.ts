// A team's MCP servers are its owner's to manage: to a non-member the team does not exist (404), a
// member who is not an owner is refused (403). Read on each call, so a change of role holds at once.
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { member } from "../../db/schema";
import { AppError } from "../../lib/errors";

export async function requireTeamOwner(db: Database, teamId: string, userId: string): Promise<void> {
  const [row] = await db
    .select({ role: member.role })
    .from(member)
    .where(and(eq(member.organizationId, teamId), eq(member.userId, userId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "No such team, or you are not a member of it.");
  if (row.role !== "owner") throw new AppError("FORBIDDEN", "Only a team owner can manage its MCP servers.");
}
