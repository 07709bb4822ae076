// Company details (spec §5, §6): name and slug are the owner's, allowed domains the owner's or an
// admin's. An admin's form carries the name and slug too; unchanged they pass, changed they are refused.
// A newly claimed domain admits nobody until it is proven (team-domains.ts, check-domain.ts).
import { and, eq, ne } from "drizzle-orm";
import { isUniqueViolation, type Database } from "../../db/client";
import { organization, teamSettings } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { companySlug, placeholderSlug, requireMember } from "./team-access";
import { claimDomains } from "./team-domains";

export interface CompanyUpdate {
  name: string;
  slug: string | null;
  allowedDomains: string[] | null;
}

export async function updateCompany(db: Database, teamId: string, userId: string, input: CompanyUpdate) {
  const { role } = await requireMember(db, teamId, userId, ["owner", "admin"]);
  const [current] = await db.select().from(organization).where(eq(organization.id, teamId));
  if (!current) throw new AppError("NOT_FOUND", "No such team.");
  const renaming = input.name !== current.name || input.slug !== companySlug(current.slug);
  if (renaming && role !== "owner") {
    throw new AppError("FORBIDDEN", "Only the team owner can change the company name or slug.");
  }
  const slug = input.slug ?? placeholderSlug(teamId);
  if (input.slug) {
    const [taken] = await db
      .select({ id: organization.id })
      .from(organization)
      .where(and(eq(organization.slug, slug), ne(organization.id, teamId)));
    if (taken) throw new AppError("CONFLICT", "That company slug is taken. Choose another.");
  }
  try {
    await db.transaction(async (tx) => {
      await tx.update(organization).set({ name: input.name, slug }).where(eq(organization.id, teamId));
      await tx
        .insert(teamSettings)
        .values({ organizationId: teamId })
        .onConflictDoUpdate({ target: teamSettings.organizationId, set: { updatedAt: new Date() } });
      await claimDomains(tx, teamId, userId, input.allowedDomains ?? []);
    });
  } catch (err) {
    // Another team proved one of these domains between the look and the write.
    if (isUniqueViolation(err))
      throw new AppError("CONFLICT", "One of these domains was just verified by another team.", {
        cause: err,
      });
    throw err;
  }
}
