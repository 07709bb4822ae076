// GET /api/dashboard/metrics (spec 000 §2 Dashboard home, §7, §9): the caller's own usage over the
// last 30 days. Every query is scoped to the caller and walks a (user_id, created_at) index, so its
// cost follows the person's own rows in the window, not the size of the tables.
import { DASHBOARD_WINDOW_DAYS, UNKNOWN_MODEL_COUNTS_AS, type DashboardMetrics } from "@tessera/contracts";
import { and, count, desc, eq, gt, ne, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import {
  apiCalls,
  conversations,
  generatedImages,
  generatedVideos,
  messages,
  searches,
} from "../../db/schema";

const DAY_MS = 86_400_000;

export interface MetricsWindow {
  /** Totals and models count rows created after this instant (now − 30 days). */
  since: Date;
  /** The daily series covers the 30 UTC dates ending today, from this midnight on. */
  firstDay: Date;
  /** The 30 dates, oldest first, as YYYY-MM-DD. */
  days: string[];
}

export function metricsWindow(now: Date): MetricsWindow {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Array.from({ length: DASHBOARD_WINDOW_DAYS }, (_, i) =>
    new Date(today - (DASHBOARD_WINDOW_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
  return {
    since: new Date(now.getTime() - DASHBOARD_WINDOW_DAYS * DAY_MS),
    firstDay: new Date(today - (DASHBOARD_WINDOW_DAYS - 1) * DAY_MS),
    days,
  };
}

interface Owned {
  table: PgTable;
  userId: PgColumn;
  createdAt: PgColumn;
  /** Rows that do not count (failed images). */
  extra?: SQL;
}

const CHATS: Owned = {
  table: conversations,
  userId: conversations.userId,
  createdAt: conversations.createdAt,
};
const SEARCHES: Owned = { table: searches, userId: searches.userId, createdAt: searches.createdAt };
const IMAGES: Owned = {
  table: generatedImages,
  userId: generatedImages.userId,
  createdAt: generatedImages.createdAt,
  extra: ne(generatedImages.status, "failed"),
};
const VIDEOS: Owned = {
  table: generatedVideos,
  userId: generatedVideos.userId,
  createdAt: generatedVideos.createdAt,
};

const countSince = (db: Database, t: Owned, userId: string, since: Date) =>
  db
    .select({ n: count() })
    .from(t.table)
    .where(and(eq(t.userId, userId), gt(t.createdAt, since), t.extra));

/**
 * Rows per UTC date since `since`: their sum is the 30-day total, and the last 30 dates are the
 * daily series (the first date is partly before `since` and is left out of the series). Rows are
 * grouped by the instant their UTC day began (`date_bin`, plain arithmetic), and only the groups'
 * keys are written out as dates: formatting every row (`to_char`) had been most of a heavy person's
 * query.
 */
const perDay = (db: Database, t: Owned, userId: string, since: Date) => {
  const dayStart = sql`date_bin('1 day', ${t.createdAt}, timestamptz '2000-01-01 00:00:00+00')`;
  const day = sql<string>`to_char(${dayStart} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, n: count() })
    .from(t.table)
    .where(and(eq(t.userId, userId), gt(t.createdAt, since), t.extra))
    .groupBy(dayStart);
};

/**
 * Chats per model, with the tokens and cost of their answers in the window, most chats first. The
 * answers are the person's own range of `messages_user_created_idx` (grouped per conversation, then
 * hashed against the conversations), not one probe into messages per conversation.
 */
const perModel = (db: Database, userId: string, since: Date) => {
  const model = sql<string>`coalesce(nullif(${conversations.model}, ''), ${UNKNOWN_MODEL_COUNTS_AS})`;
  const answers = db
    .select({
      conversationId: messages.conversationId,
      tokens: sql<number>`sum(${messages.tokensUsed})`.as("tokens"),
      cost: sql<number>`sum(${messages.cost})`.as("cost"),
    })
    .from(messages)
    .where(and(eq(messages.userId, userId), gt(messages.createdAt, since), eq(messages.role, "assistant")))
    .groupBy(messages.conversationId)
    .as("answers");
  return db
    .select({
      model,
      chats: count(),
      tokens: sql<number>`coalesce(sum(${answers.tokens}), 0)::bigint`.mapWith(Number),
      cost: sql<number>`coalesce(sum(${answers.cost}), 0)::float8`.mapWith(Number),
    })
    .from(conversations)
    .leftJoin(answers, eq(answers.conversationId, conversations.id))
    .where(and(eq(conversations.userId, userId), gt(conversations.createdAt, since)))
    .groupBy(sql`1`)
    .orderBy(desc(count()), sql`1`);
};

/** API calls per model in the window (the person's own range of `api_calls_user_created_idx`). */
const apiPerModel = (db: Database, userId: string, since: Date) =>
  db
    .select({
      model: apiCalls.model,
      calls: count(),
      tokens:
        sql<number>`coalesce(sum(${apiCalls.inputTokens} + ${apiCalls.outputTokens}), 0)::bigint`.mapWith(
          Number,
        ),
      cost: sql<number>`coalesce(sum(${apiCalls.cost}), 0)::float8`.mapWith(Number),
    })
    .from(apiCalls)
    .where(and(eq(apiCalls.userId, userId), gt(apiCalls.createdAt, since)))
    .groupBy(apiCalls.model)
    .orderBy(desc(count()), apiCalls.model);

/** The queries behind the metrics, unexecuted: the service runs them, the bench explains them. */
export function metricsQueries(db: Database, userId: string, window: MetricsWindow) {
  const { since } = window;
  return {
    chats: perDay(db, CHATS, userId, since),
    searches: perDay(db, SEARCHES, userId, since),
    images: perDay(db, IMAGES, userId, since),
    videos: countSince(db, VIDEOS, userId, since),
    models: perModel(db, userId, since),
    api: apiPerModel(db, userId, since),
  };
}

export async function getDashboardMetrics(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<DashboardMetrics> {
  const window = metricsWindow(now);
  const q = metricsQueries(db, userId, window);
  const [chats, searched, images, videos, models, api] = await Promise.all([
    q.chats,
    q.searches,
    q.images,
    q.videos,
    q.models,
    q.api,
  ]);
  const total = (rows: { n: number }[]) => rows.reduce((sum, r) => sum + r.n, 0);
  const byDay = (rows: { day: string; n: number }[]) => new Map(rows.map((r) => [r.day, r.n]));
  const [c, s, i] = [byDay(chats), byDay(searched), byDay(images)];
  return {
    windowDays: DASHBOARD_WINDOW_DAYS,
    totals: {
      chats: total(chats),
      searches: total(searched),
      images: total(images),
      videos: videos[0]?.n ?? 0,
    },
    models: models.map((m) => ({ model: m.model, chats: m.chats, tokens: m.tokens, cost: m.cost })),
    api: {
      calls: api.reduce((sum, m) => sum + m.calls, 0),
      tokens: api.reduce((sum, m) => sum + m.tokens, 0),
      cost: api.reduce((sum, m) => sum + m.cost, 0),
      models: api.map((m) => ({ model: m.model, calls: m.calls, tokens: m.tokens, cost: m.cost })),
    },
    daily: window.days.map((date) => ({
      date,
      chats: c.get(date) ?? 0,
      searches: s.get(date) ?? 0,
      images: i.get(date) ?? 0,
    })),
  };
}
