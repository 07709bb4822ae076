// Creating a team (spec §7): the company, its settings row and the creator as owner, in one go.
import { randomUUID } from "node:crypto";
import { requireFeature } from "../../billing/plans";
import type { Database } from "../../db/client";
import { member, organization, teamSettings } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { placeholderSlug, teamOf } from "./team-access";

export async function createTeam(db: Database, userId: string, input: { name: string }) {
  await requireFeature(db, userId, "teams");
  if (await teamOf(db, userId)) {
    throw new AppError("CONFLICT", "You already belong to a team. Leave it before creating another.");
  }
  const id = randomUUID();
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.insert(organization).values({ id, name: input.name, slug: placeholderSlug(id), createdAt: now });
    await tx.insert(teamSettings).values({ organizationId: id });
    await tx
      .insert(member)
      .values({ id: randomUUID(), organizationId: id, userId, role: "owner", createdAt: now });
  });
  return { id, name: input.name };
}
