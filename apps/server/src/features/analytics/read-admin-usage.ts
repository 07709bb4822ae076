// The instance admin's usage page: active people over 7 and 30 days, events a day, top pages, and
// tokens and cost over the asked range (read-spend-report.ts).
import type { AdminUsage } from "@tessera/contracts";
import { and, countDistinct, desc, eq, gte, isNotNull, sql, count } from "drizzle-orm";
import type { Database } from "../../db/client";
import { analyticsEvents, apiCalls } from "../../db/schema";
import { readSpendReport } from "./read-spend-report";

const DAY_MS = 86_400_000;
const TOP_PAGES = 10;

/** The last 30 days (UTC), today included: the report's range when none is asked for. */
export function lastThirtyDays(now = new Date()) {
  const day = (offset: number) => new Date(now.getTime() - offset * DAY_MS).toISOString().slice(0, 10);
  return { from: day(29), to: day(0) };
}

export async function readAdminUsage(
  db: Database,
  range: { from?: string; to?: string } = {},
  now = new Date(),
): Promise<AdminUsage> {
  // One end given: the other is 29 days from it, so the report still spans 30 days.
  const shift = (day: string, days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  const fallback = lastThirtyDays(now);
  const from = range.from ?? (range.to ? shift(range.to, -29) : fallback.from);
  const to = range.to ?? (range.from ? shift(range.from, 29) : fallback.to);
  const since = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const activeSince = async (days: number) => {
    const [row] = await db
      .select({ n: countDistinct(analyticsEvents.userId) })
      .from(analyticsEvents)
      .where(gte(analyticsEvents.createdAt, since(days)));
    return Number(row?.n ?? 0);
  };
  const firstDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 29));
  const day = sql<string>`to_char(${analyticsEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const perDay = await db
    .select({ date: day, n: count() })
    .from(analyticsEvents)
    .where(gte(analyticsEvents.createdAt, firstDay))
    .groupBy(day);
  const counts = new Map(perDay.map((r) => [r.date, Number(r.n)]));
  const eventsPerDay = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(firstDay.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { date, count: counts.get(date) ?? 0 };
  });
  const views = count();
  const topPages = await db
    .select({ pagePath: analyticsEvents.pagePath, views })
    .from(analyticsEvents)
    .where(
      and(
        eq(analyticsEvents.eventName, "page_view"),
        isNotNull(analyticsEvents.pagePath),
        gte(analyticsEvents.createdAt, since(30)),
      ),
    )
    .groupBy(analyticsEvents.pagePath)
    .orderBy(desc(views), analyticsEvents.pagePath)
    .limit(TOP_PAGES);
  const [api] = await db
    .select({
      calls: count(),
      people: countDistinct(apiCalls.userId),
      tokens:
        sql<number>`coalesce(sum(${apiCalls.inputTokens} + ${apiCalls.outputTokens}), 0)::bigint`.mapWith(
          Number,
        ),
      cost: sql<number>`coalesce(sum(${apiCalls.cost}), 0)::float8`.mapWith(Number),
    })
    .from(apiCalls)
    .where(gte(apiCalls.createdAt, since(30)));
  return {
    api: {
      calls: Number(api?.calls ?? 0),
      people: Number(api?.people ?? 0),
      tokens: api?.tokens ?? 0,
      cost: api?.cost ?? 0,
    },
    activeUsers7d: await activeSince(7),
    activeUsers30d: await activeSince(30),
    eventsPerDay,
    topPages: topPages.map((r) => ({ pagePath: r.pagePath ?? "", views: Number(r.views) })),
    spend: await readSpendReport(db, { from, to }),
  };
}
