// Allowed email domains (spec §2): whoever verifies an address in a team's domain joins it as a
// member, unless they already belong to a team. Only a domain the team has proven admits anyone
// (team-domains.ts); a claim still pending, or a public mail service, admits nobody. Called by the
// auth layer after email verification.
import { randomUUID } from "node:crypto";
import { isPublicMailDomain } from "@tessera/contracts";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { member, teamDomains } from "../../db/schema";
import { teamOf } from "./team-access";

export async function joinTeamByDomain(db: Database, userId: string, email: string) {
  const domain = email.split("@").pop()?.toLowerCase();
  if (!domain || isPublicMailDomain(domain) || (await teamOf(db, userId))) return null;
  const [match] = await db
    .select({ teamId: teamDomains.organizationId })
    .from(teamDomains)
    .where(and(eq(teamDomains.domain, domain), eq(teamDomains.status, "verified")))
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
