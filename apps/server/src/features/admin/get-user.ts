// Admin → Users → one person: what the list shows, and their sessions, plan's source and end, budget,
// use this month and how much they keep (the data that deleting them would remove).
import type { AdminUserDetail } from "@tessera/contracts";
import { and, count, eq, gt, sql, type SQL } from "drizzle-orm";
import { readBudgetStatus } from "../../billing/budgets";
import { monthOf, spentBy } from "../../billing/spend";
import { rowsOf, type Database } from "../../db/client";
import {
  apiKeys,
  comparisons,
  conversations,
  documents,
  generatedImages,
  searches,
  session,
  subscriptions,
  user,
  voiceOvers,
} from "../../db/schema";
import { noSuchPerson } from "./admin-deps";
import { toAdminUser, usersQuery, type UserRow } from "./list-users";

export async function getUser(
  db: Database,
  id: string,
  caller: { id: string },
  adminEmails: readonly string[],
): Promise<AdminUserDetail> {
  const [row] = await rowsOf<UserRow>(db, usersQuery(sql`u.id = ${id}`, sql``, { userId: id }));
  if (!row) throw noSuchPerson();
  const now = new Date();
  const counted = (table: SQL) => sql`(select count(*) from ${table} where user_id = ${id})::int`;
  const [counts] = await rowsOf<AdminUserDetail["counts"]>(
    db,
    sql`select ${counted(sql`${conversations}`)} as conversations, ${counted(sql`${comparisons}`)} as comparisons,
      ${counted(sql`${searches}`)} as searches, ${counted(sql`${documents}`)} as documents,
      ${counted(sql`${generatedImages}`)} as images, ${counted(sql`${voiceOvers}`)} as "voiceOvers",
      ${counted(sql`${apiKeys}`)} as "apiKeys"`,
  );
  const [account] = await db
    .select({ emailVerified: user.emailVerified, twoFactorEnabled: user.twoFactorEnabled })
    .from(user)
    .where(eq(user.id, id));
  const [plan] = await db
    .select({ source: subscriptions.source, validUntil: subscriptions.validUntil, plan: subscriptions.plan })
    .from(subscriptions)
    .where(eq(subscriptions.userId, id));
  const [live] = await db
    .select({ n: count() })
    .from(session)
    .where(and(eq(session.userId, id), gt(session.expiresAt, now)));
  const month = monthOf(now);
  const listed = toAdminUser(row, adminEmails, now);
  const planLive = listed.plan !== "core";
  return {
    ...listed,
    emailVerified: account?.emailVerified ?? false,
    twoFactorEnabled: account?.twoFactorEnabled ?? false,
    planSource: planLive && plan ? plan.source : "none",
    planValidUntil: planLive && plan?.validUntil ? plan.validUntil.toISOString() : null,
    sessions: Number(live?.n ?? 0),
    isSelf: caller.id === id,
    budget: await readBudgetStatus(db, id, now),
    month: await spentBy(db, id, month.start, month.end).then((s) => ({ tokens: s.tokens, cost: s.cost })),
    counts: counts!,
  };
}
