// PUT /api/admin/budgets: sets the monthly cap of the instance, a team or a person, replacing the one
// it had. It applies from the next model call here, and within a second in other processes
// (billing/budgets.ts anyBudget).
import type { setBudgetSchema } from "@tessera/contracts";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { budgets, organization } from "../../db/schema";
import { budgetsChanged } from "../../billing/budgets";
import { AppError } from "../../lib/errors";
import { findPerson } from "./find-person";

export async function setBudget(db: Database, by: string, input: z.output<typeof setBudgetSchema>) {
  const set = await writeBudget(db, by, input);
  budgetsChanged(db);
  return set;
}

async function writeBudget(db: Database, by: string, input: z.output<typeof setBudgetSchema>) {
  const caps = {
    monthlyTokens: input.monthlyTokens ?? null,
    monthlyCostUsd: input.monthlyCostUsd ?? null,
    updatedBy: by,
    updatedAt: new Date(),
  };
  if (input.scope === "instance") {
    await db
      .insert(budgets)
      .values({ scope: "instance", ...caps })
      .onConflictDoUpdate({
        target: budgets.scope,
        targetWhere: sql`${budgets.scope} = 'instance'`,
        set: caps,
      });
    return { subject: "instance", ...caps };
  }
  const id = input.id!;
  if (input.scope === "team") {
    const [team] = await db.select({ id: organization.id }).from(organization).where(eq(organization.id, id));
    if (!team) throw new AppError("NOT_FOUND", "No such team.");
    await db
      .insert(budgets)
      .values({ scope: "team", teamId: id, ...caps })
      .onConflictDoUpdate({ target: budgets.teamId, set: caps });
    return { subject: id, ...caps };
  }
  await findPerson(db, id);
  await db
    .insert(budgets)
    .values({ scope: "user", userId: id, ...caps })
    .onConflictDoUpdate({ target: budgets.userId, set: caps });
  return { subject: id, ...caps };
}

/** DELETE /api/admin/budgets?scope=&id=: removes a cap; 404 when there was none. */
export async function deleteBudget(
  db: Database,
  scope: "instance" | "team" | "user",
  id: string | undefined,
) {
  const where =
    scope === "instance"
      ? eq(budgets.scope, "instance")
      : scope === "team"
        ? eq(budgets.teamId, id!)
        : eq(budgets.userId, id!);
  const gone = await db.delete(budgets).where(where).returning({ id: budgets.id });
  budgetsChanged(db);
  if (gone.length === 0) throw new AppError("NOT_FOUND", "There is no such budget.");
}
