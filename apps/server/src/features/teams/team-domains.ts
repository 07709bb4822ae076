// The mail domains a team claims for joining by domain, and their state. A claim admits nobody until
// it is proven (check-domain.ts); a public mail service is refused whatever is stored.
import { randomBytes } from "node:crypto";
import {
  DOMAIN_TXT_PREFIX,
  domainTxtNames,
  isPublicMailDomain,
  publicMailDomainProblem,
  type TeamDomain,
} from "@tessera/contracts";
import { and, asc, eq, inArray, ne, notInArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { teamDomains, user } from "../../db/schema";
import { AppError } from "../../lib/errors";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Row = typeof teamDomains.$inferSelect;

/** Proof by mail: the person's own address is at the domain, and they have confirmed it. */
export async function addressProves(db: Database | Tx, userId: string, domain: string) {
  const [person] = await db
    .select({ email: user.email, verified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  return person?.verified === true && person.email.split("@").pop()?.toLowerCase() === domain;
}

export const takenMessage = (domain: string) =>
  `${domain} is already verified by another team on this server.`;

/**
 * Makes the team's claims the given list: claims no longer listed go, kept ones keep their state,
 * new ones start pending with a token of their own, or verified at once when the claimer's own
 * confirmed address is at that domain. A domain another team has proven is refused.
 */
export async function claimDomains(tx: Tx, teamId: string, claimerId: string, domains: string[]) {
  const refused = domains.find(isPublicMailDomain);
  if (refused) throw new AppError("VALIDATION_FAILED", publicMailDomainProblem(refused));
  await tx
    .delete(teamDomains)
    .where(
      domains.length
        ? and(eq(teamDomains.organizationId, teamId), notInArray(teamDomains.domain, domains))
        : eq(teamDomains.organizationId, teamId),
    );
  if (!domains.length) return;
  const [taken] = await tx
    .select({ domain: teamDomains.domain })
    .from(teamDomains)
    .where(
      and(
        inArray(teamDomains.domain, domains),
        eq(teamDomains.status, "verified"),
        ne(teamDomains.organizationId, teamId),
      ),
    )
    .limit(1);
  if (taken) throw new AppError("CONFLICT", takenMessage(taken.domain));
  const kept = new Set(
    (
      await tx
        .select({ domain: teamDomains.domain })
        .from(teamDomains)
        .where(eq(teamDomains.organizationId, teamId))
    ).map((r) => r.domain),
  );
  const now = Date.now();
  for (const [index, domain] of domains.entries()) {
    if (kept.has(domain)) continue;
    const proven = await addressProves(tx, claimerId, domain);
    await tx.insert(teamDomains).values({
      organizationId: teamId,
      domain,
      token: randomBytes(16).toString("hex"),
      // The order given is the order listed.
      createdAt: new Date(now + index),
      ...(proven ? { status: "verified" as const, proof: "email" as const, verifiedAt: new Date(now) } : {}),
    });
  }
}

export function describeDomain(row: Row, withRecord: boolean): TeamDomain {
  const base = {
    domain: row.domain,
    proof: null,
    record: null,
    verifiedAt: null,
    checkedAt: row.checkedAt?.toISOString() ?? null,
  };
  if (isPublicMailDomain(row.domain))
    return { ...base, status: "refused", problem: publicMailDomainProblem(row.domain) };
  if (row.status === "verified")
    return {
      ...base,
      status: "verified",
      proof: row.proof ?? null,
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
      problem: null,
    };
  return {
    ...base,
    status: "pending",
    record: withRecord ? { names: domainTxtNames(row.domain), value: DOMAIN_TXT_PREFIX + row.token } : null,
    problem: row.checkProblem,
  };
}

/** The team's claims in the order they were made; the TXT record only for owners and admins. */
export async function listTeamDomains(db: Database, teamId: string, withRecords: boolean) {
  const rows = await db
    .select()
    .from(teamDomains)
    .where(eq(teamDomains.organizationId, teamId))
    .orderBy(asc(teamDomains.createdAt), asc(teamDomains.domain));
  return rows.map((row) => describeDomain(row, withRecords));
}
