// "Check now" on a claimed domain: proves it by the checker's own confirmed address at the domain, or
// by the DNS TXT record tessera-verification=<token> at _tessera.<domain> or the domain itself. What
// the check found is kept, so the settings page can say why a domain is still pending.
import {
  DOMAIN_TXT_PREFIX,
  domainTxtNames,
  isPublicMailDomain,
  publicMailDomainProblem,
} from "@tessera/contracts";
import { and, eq } from "drizzle-orm";
import { isUniqueViolation, type Database } from "../../db/client";
import { teamDomains } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { TxtLookup } from "../../providers/dns/txt-records";
import { requireMember } from "./team-access";
import { addressProves, takenMessage } from "./team-domains";

export const DOMAIN_NOT_CLAIMED = "This team has not claimed that domain.";

/** The TXT record's verdict: proven, or in words why not. */
async function lookForRecord(lookup: TxtLookup, domain: string, token: string) {
  const expected = DOMAIN_TXT_PREFIX + token;
  const [first, second] = domainTxtNames(domain);
  for (const name of [first!, second!]) {
    let records: string[];
    try {
      records = await lookup(name);
    } catch (err) {
      const code = (err as { code?: string }).code ?? "an error";
      return `The DNS lookup of ${name} failed (${code}). Try again in a few minutes.`;
    }
    if (records.some((r) => r.trim() === expected)) return null;
  }
  return `No TXT record "${expected}" was found at ${first} or ${second}. New records can take a while to appear.`;
}

export async function checkDomain(
  deps: { db: Database; lookupTxt: TxtLookup },
  teamId: string,
  userId: string,
  domain: string,
) {
  const { db } = deps;
  await requireMember(db, teamId, userId, ["owner", "admin"]);
  const [claim] = await db
    .select()
    .from(teamDomains)
    .where(and(eq(teamDomains.organizationId, teamId), eq(teamDomains.domain, domain)));
  if (!claim) throw new AppError("NOT_FOUND", DOMAIN_NOT_CLAIMED);
  if (isPublicMailDomain(domain)) throw new AppError("VALIDATION_FAILED", publicMailDomainProblem(domain));
  if (claim.status === "verified") return;

  let proof: "email" | "dns" | null = null;
  let problem: string | null = null;
  if (await addressProves(db, userId, domain)) proof = "email";
  else {
    problem = await lookForRecord(deps.lookupTxt, domain, claim.token);
    if (problem === null) proof = "dns";
  }
  const checkedAt = new Date();
  if (!proof) {
    await db
      .update(teamDomains)
      .set({ checkedAt, checkProblem: problem })
      .where(eq(teamDomains.id, claim.id));
    return;
  }
  try {
    await db
      .update(teamDomains)
      .set({ status: "verified", proof, verifiedAt: checkedAt, checkedAt, checkProblem: null })
      .where(eq(teamDomains.id, claim.id));
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", takenMessage(domain), { cause: err });
    throw err;
  }
}
