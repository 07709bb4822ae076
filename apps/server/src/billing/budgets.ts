// Monthly budgets (Admin → Budgets): caps in tokens, US dollars or both, on what each person spends on
// models in a calendar month (UTC). A cap is set for everyone (the instance's default), for each member
// of a team, or for one person, and a person's narrowest applies: their own, else their team's, else
// the instance's. Checked before every model call (plans.ts requireModel, which chat, regenerate,
// compare, search overviews and /v1 all pass): once a cap is reached, the next call is refused with
// 429 before anything is stored, until the month ends. From 80% the person is warned (GET
// /api/subscription). One call may go past a cap; the one after it is refused.
import { BUDGET_WARNING_SHARE, type BudgetScope, type BudgetStatus } from "@tessera/contracts";
import { eq, inArray, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { budgets, member, organization } from "../db/schema";
import { AppError } from "../lib/errors";
import { monthOf, spentBy, type Spent } from "./spend";

export interface BudgetCap {
  /** The budget's own id (which row of `budgets` applies). */
  id: string;
  scope: BudgetScope;
  teamName: string | null;
  monthlyTokens: number | null;
  monthlyCostUsd: number | null;
}

type BudgetRow = typeof budgets.$inferSelect;

/** A person's narrowest budget among those given: their own, else a team's (the strictest), else the instance's. */
export function narrowest(
  rows: readonly (BudgetRow & { teamName?: string | null })[],
  userId: string,
  teamIds: readonly string[],
): BudgetCap | null {
  const cap = (r: BudgetRow & { teamName?: string | null }): BudgetCap => ({
    id: r.id,
    scope: r.scope,
    teamName: r.teamName ?? null,
    monthlyTokens: r.monthlyTokens,
    monthlyCostUsd: r.monthlyCostUsd,
  });
  const own = rows.find((r) => r.scope === "user" && r.userId === userId);
  if (own) return cap(own);
  const teams = rows.filter((r) => r.scope === "team" && r.teamId !== null && teamIds.includes(r.teamId));
  if (teams.length > 0) {
    // In more than one team (not allowed through /api/teams, but a database may say so): the tightest.
    const limit = (n: number | null) => n ?? Number.POSITIVE_INFINITY;
    const tightest = [...teams].sort(
      (a, b) =>
        limit(a.monthlyTokens) - limit(b.monthlyTokens) || limit(a.monthlyCostUsd) - limit(b.monthlyCostUsd),
    );
    return cap(tightest[0]!);
  }
  const instance = rows.find((r) => r.scope === "instance");
  return instance ? cap(instance) : null;
}

/**
 * Whether the instance has any budget at all, read at most once a second per process: most instances
 * have none, and every model call would otherwise spend a round trip finding that out. A budget set
 * here applies at once (budgetsChanged); one set through another process, within a second.
 */
export const ANY_BUDGET_READ_MS = 1_000;
const anyBudgetRead = new WeakMap<Database, { any: Promise<boolean>; at: number }>();

function anyBudget(db: Database): Promise<boolean> {
  const known = anyBudgetRead.get(db);
  if (known && Date.now() - known.at < ANY_BUDGET_READ_MS) return known.any;
  const any = db
    .select({ id: budgets.id })
    .from(budgets)
    .limit(1)
    .then((rows) => rows.length > 0);
  anyBudgetRead.set(db, { any, at: Date.now() });
  // A failed read is not remembered: the next call reads again.
  any.catch(() => anyBudgetRead.delete(db));
  return any;
}

/** A budget was set or removed through this process: the next model call reads budgets again. */
export const budgetsChanged = (db: Database) => void anyBudgetRead.delete(db);

/** The budget that applies to a person now, in one read; null when none does. */
export async function budgetFor(db: Database, userId: string): Promise<BudgetCap | null> {
  if (!(await anyBudget(db))) return null;
  const teamsOfUser = db.select({ id: member.organizationId }).from(member).where(eq(member.userId, userId));
  const rows = await db
    .select({ budget: budgets, teamName: organization.name })
    .from(budgets)
    .leftJoin(organization, eq(organization.id, budgets.teamId))
    .where(
      or(eq(budgets.scope, "instance"), eq(budgets.userId, userId), inArray(budgets.teamId, teamsOfUser)),
    );
  if (rows.length === 0) return null;
  const teamIds = rows.flatMap((r) => (r.budget.teamId ? [r.budget.teamId] : []));
  return narrowest(
    rows.map((r) => ({ ...r.budget, teamName: r.teamName })),
    userId,
    teamIds,
  );
}

/** Where `spent` stands against `cap` in the month of `now`. */
export function budgetStatus(cap: BudgetCap, spent: Spent, now = new Date()): BudgetStatus {
  const share = (used: number, limit: number | null) => (limit === null ? 0 : used / limit);
  const most = Math.max(share(spent.tokens, cap.monthlyTokens), share(spent.cost, cap.monthlyCostUsd));
  return {
    scope: cap.scope,
    teamName: cap.teamName,
    monthlyTokens: cap.monthlyTokens,
    monthlyCostUsd: cap.monthlyCostUsd,
    usedTokens: spent.tokens,
    usedCostUsd: spent.cost,
    resetsAt: monthOf(now).end.toISOString(),
    warning: most >= BUDGET_WARNING_SHARE,
    exceeded: most >= 1,
  };
}

/** A person's budget and their use of it this month; null when no budget applies. */
export async function readBudgetStatus(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<BudgetStatus | null> {
  const cap = await budgetFor(db, userId);
  if (!cap) return null;
  const month = monthOf(now);
  return budgetStatus(cap, await spentBy(db, userId, month.start, month.end), now);
}

const tokens = (n: number) => `${n.toLocaleString("en-US")} tokens`;
const dollars = (n: number) =>
  `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const WHOSE: Record<BudgetScope, (teamName: string | null) => string> = {
  user: () => "your monthly budget",
  team: (team) => `the monthly budget for each member of ${team ?? "your team"}`,
  instance: () => "this instance's monthly budget for each person",
};

/** "You have used 100,200 tokens of your monthly budget of 100,000 tokens. It resets on March 1, 2027 (UTC)." */
export function budgetMessage(status: BudgetStatus): string {
  const overTokens = status.monthlyTokens !== null && status.usedTokens >= status.monthlyTokens;
  const used = overTokens ? tokens(status.usedTokens) : dollars(status.usedCostUsd);
  const limit = overTokens ? tokens(status.monthlyTokens!) : dollars(status.monthlyCostUsd ?? 0);
  const resets = new Date(status.resetsAt).toLocaleDateString("en-US", {
    timeZone: "UTC",
    dateStyle: "long",
  });
  return (
    `You have used ${used} of ${WHOSE[status.scope](status.teamName)} of ${limit}. ` +
    `It resets on ${resets} (UTC); until then, ask your administrator to raise it.`
  );
}

/** Refuses a model call (429) when the caller's budget for this month is spent. */
export async function requireBudget(db: Database, userId: string, now = new Date()): Promise<void> {
  const status = await readBudgetStatus(db, userId, now);
  if (!status?.exceeded) return;
  const retryAfter = Math.max(1, Math.ceil((Date.parse(status.resetsAt) - now.getTime()) / 1000));
  throw new AppError("BUDGET_EXCEEDED", budgetMessage(status), {
    headers: { "Retry-After": String(retryAfter) },
  });
}
