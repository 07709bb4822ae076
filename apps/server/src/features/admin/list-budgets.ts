// Admin → Budgets: every cap set, and for each how many people it applies to now (those without a
// narrower one) and how many of them are near it or past it this month.
import type { Budget, BudgetsResponse } from "@tessera/contracts";
import { asc, count, eq } from "drizzle-orm";
import { budgetStatus, narrowest } from "../../billing/budgets";
import { monthOf, spentByEveryone, teamsOfEveryone, type Spent } from "../../billing/spend";
import type { Database } from "../../db/client";
import { budgets, member, organization, user } from "../../db/schema";

export async function listBudgets(db: Database, now = new Date()): Promise<BudgetsResponse> {
  const rows = await db
    .select({ budget: budgets, teamName: organization.name, email: user.email })
    .from(budgets)
    .leftJoin(organization, eq(organization.id, budgets.teamId))
    .leftJoin(user, eq(user.id, budgets.userId))
    .orderBy(asc(budgets.scope), asc(organization.name), asc(user.email));
  const month = monthOf(now);
  const spent =
    rows.length > 0 ? await spentByEveryone(db, month.start, month.end) : new Map<string, Spent>();
  const teams = rows.length > 0 ? await teamsOfEveryone(db) : new Map<string, string[]>();
  const people = rows.length > 0 ? await db.select({ id: user.id }).from(user) : [];
  const plain = rows.map((r) => ({ ...r.budget, teamName: r.teamName }));
  // Each person counts under the budget that applies to them, and only that one.
  const tally = new Map<string, { appliesTo: number; warned: number; reached: number }>();
  for (const { id } of people) {
    const cap = narrowest(plain, id, teams.get(id) ?? []);
    if (!cap) continue;
    const status = budgetStatus(cap, spent.get(id) ?? { tokens: 0, cost: 0 }, now);
    const t = tally.get(cap.id) ?? { appliesTo: 0, warned: 0, reached: 0 };
    t.appliesTo++;
    if (status.warning) t.warned++;
    if (status.exceeded) t.reached++;
    tally.set(cap.id, t);
  }
  const shown = (r: (typeof rows)[number]): Budget => ({
    scope: r.budget.scope,
    id: r.budget.teamId ?? r.budget.userId,
    name: r.budget.scope === "team" ? r.teamName : r.budget.scope === "user" ? r.email : null,
    monthlyTokens: r.budget.monthlyTokens,
    monthlyCostUsd: r.budget.monthlyCostUsd,
    ...(tally.get(r.budget.id) ?? { appliesTo: 0, warned: 0, reached: 0 }),
    updatedAt: r.budget.updatedAt.toISOString(),
  });
  const choices = await db
    .select({ id: organization.id, name: organization.name, members: count(member.id) })
    .from(organization)
    .leftJoin(member, eq(member.organizationId, organization.id))
    .groupBy(organization.id, organization.name)
    .orderBy(asc(organization.name));
  return {
    instance: rows.filter((r) => r.budget.scope === "instance").map(shown)[0] ?? null,
    teams: rows.filter((r) => r.budget.scope === "team").map(shown),
    users: rows.filter((r) => r.budget.scope === "user").map(shown),
    choices: { teams: choices.map((c) => ({ ...c, members: Number(c.members) })) },
    resetsAt: month.end.toISOString(),
  };
}
