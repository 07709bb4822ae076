// What people spent on models, as recorded with each answer: chat answers (messages), comparison
// answers (comparison_responses, timed by their comparison), search overviews (searches) and calls of
// the OpenAI-compatible API (api_calls, input and output tokens). One definition serves the budgets,
// the people list and the usage report, so they always agree. Times are compared as instants; days
// and months are UTC.
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { apiCalls, comparisonResponses, comparisons, member, messages, searches } from "../db/schema";
import { rowsOf, type Database } from "../db/client";

export type SpendKind = "chat" | "compare" | "search" | "api";

export interface SpendFilter {
  from: Date;
  /** Exclusive. */
  to: Date;
  /** Only this person's. */
  userId?: string;
  /** Only these kinds (all by default). */
  kinds?: readonly SpendKind[];
}

/**
 * A subquery of spend rows: user_id, at, model, tokens (bigint), cost (float8), kind. Each branch
 * reads its table's (user, created_at) index when a person is named.
 */
export function spendRows(filter: SpendFilter): SQL {
  const kinds = new Set<SpendKind>(filter.kinds ?? ["chat", "compare", "search", "api"]);
  const who = (column: AnyPgColumn) =>
    filter.userId === undefined ? sql`` : sql`and ${column} = ${filter.userId}`;
  const when = (column: AnyPgColumn) =>
    sql`${column} >= ${filter.from.toISOString()}::timestamptz and ${column} < ${filter.to.toISOString()}::timestamptz`;
  const branches: SQL[] = [];
  if (kinds.has("chat"))
    branches.push(sql`
      select ${messages.userId} as user_id, ${messages.createdAt} as at,
        coalesce(nullif(${messages.model}, ''), 'unknown') as model,
        coalesce(${messages.tokensUsed}, 0)::bigint as tokens, coalesce(${messages.cost}, 0)::float8 as cost,
        'chat' as kind
      from ${messages}
      where ${messages.role} = 'assistant' and ${when(messages.createdAt)} ${who(messages.userId)}`);
  if (kinds.has("compare"))
    branches.push(sql`
      select ${comparisons.userId} as user_id, ${comparisons.createdAt} as at,
        ${comparisonResponses.modelId} as model, coalesce(${comparisonResponses.tokensUsed}, 0)::bigint as tokens,
        coalesce(${comparisonResponses.cost}, 0)::float8 as cost, 'compare' as kind
      from ${comparisons}
      join ${comparisonResponses} on ${comparisonResponses.comparisonId} = ${comparisons.id}
      where ${when(comparisons.createdAt)} ${who(comparisons.userId)}`);
  if (kinds.has("search"))
    branches.push(sql`
      select ${searches.userId} as user_id, ${searches.createdAt} as at, 'search' as model,
        ${searches.tokensUsed}::bigint as tokens, ${searches.cost}::float8 as cost, 'search' as kind
      from ${searches}
      where ${searches.tokensUsed} > 0 and ${when(searches.createdAt)} ${who(searches.userId)}`);
  if (kinds.has("api"))
    branches.push(sql`
      select ${apiCalls.userId} as user_id, ${apiCalls.createdAt} as at, ${apiCalls.model} as model,
        (${apiCalls.inputTokens} + ${apiCalls.outputTokens})::bigint as tokens,
        coalesce(${apiCalls.cost}, 0)::float8 as cost, 'api' as kind
      from ${apiCalls}
      where ${when(apiCalls.createdAt)} ${who(apiCalls.userId)}`);
  return sql`(${sql.join(branches, sql` union all `)})`;
}

export interface Spent {
  tokens: number;
  cost: number;
}

/** One person's tokens and cost in a range. */
export async function spentBy(db: Database, userId: string, from: Date, to: Date): Promise<Spent> {
  const [row] = await rowsOf<{ tokens: string | number; cost: number }>(
    db,
    sql`select coalesce(sum(tokens), 0)::bigint as tokens, coalesce(sum(cost), 0)::float8 as cost
      from ${spendRows({ from, to, userId })} as spend`,
  );
  return { tokens: Number(row?.tokens ?? 0), cost: Number(row?.cost ?? 0) };
}

/** Everyone's tokens and cost in a range, by person (those who spent nothing are absent). */
export async function spentByEveryone(db: Database, from: Date, to: Date): Promise<Map<string, Spent>> {
  const rows = await rowsOf<{ user_id: string; tokens: string | number; cost: number }>(
    db,
    sql`select user_id, sum(tokens)::bigint as tokens, sum(cost)::float8 as cost
      from ${spendRows({ from, to })} as spend group by user_id`,
  );
  return new Map(rows.map((r) => [r.user_id, { tokens: Number(r.tokens), cost: Number(r.cost) }]));
}

/** The teams each person belongs to (a person is in one team at most, by the rules of /api/teams). */
export async function teamsOfEveryone(db: Database): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ userId: member.userId, teamId: member.organizationId })
    .from(member)
    .orderBy(member.createdAt);
  const teams = new Map<string, string[]>();
  for (const r of rows) teams.set(r.userId, [...(teams.get(r.userId) ?? []), r.teamId]);
  return teams;
}

/** The first moment of the calendar month (UTC) `now` is in, and of the next. */
export function monthOf(now = new Date()): { start: Date; end: Date } {
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}
