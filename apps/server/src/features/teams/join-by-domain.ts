// Allowed email domains (spec §2): whoever verifies an address in a team's domain joins it as a
// member, unless they already belong to a team. Called by the auth layer after email verification.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { member, teamSettings } from "../../db/schema";
import { teamOf } from "./team-access";

export async function joinTeamByDomain(db: Database, userId: string, email: string) {
  const domain = email.split("@").pop()?.toLowerCase();
  if (!domain || (await teamOf(db, userId))) return null;
  const [match] = await db
    .select({ teamId: teamSettings.organizationId })
    .from(teamSettings)
    .where(sql`${teamSettings.allowedDomains} @> ${JSON.stringify([domain])}::jsonb`)
    .limit(1);
  if (!match) return null;
  await db.insert(member).values({
    id: randomUUID(),
    organizationId: match.teamId,
    userId,
    role: "member",
    createdAt: new Date(),
  });
  return match.teamId;
}
