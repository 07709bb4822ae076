import { dashboardMetricsSchema, type DashboardMetrics } from "@tessera/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, generatedImages, generatedVideos, messages, searches } from "../../db/schema";
import { createTestApp, readSse, type TestApp } from "../../test/test-app";
import { getDashboardMetrics } from "./get-dashboard-metrics";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let ada: string;
let bob: string;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  ada = await t.newUser("ada@example.com");
  bob = await t.newUser("bob@example.com");
  for (const [name, token] of [
    ["ada", ada],
    ["bob", bob],
  ] as const) {
    const session = (await (await t.request("/api/auth/get-session", { token })).json()) as {
      user: { id: string };
    };
    ids[name] = session.user.id;
  }
});
afterAll(() => t.close());

const ago = (ms: number) => new Date(Date.now() - ms);
const dateOf = (d: Date) => d.toISOString().slice(0, 10);
/** Today's UTC midnight, in milliseconds. */
const todayUtc = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
};

async function chat(
  userId: string,
  model: string | null,
  createdAt: Date,
  answers: { tokens: number | null; cost: number | null }[] = [],
) {
  const db = t.services.database.db;
  const [row] = await db
    .insert(conversations)
    .values({ userId, title: "t", model, createdAt, updatedAt: createdAt })
    .returning({ id: conversations.id });
  await db.insert(messages).values([
    { conversationId: row!.id, userId, role: "user", content: "q", tokensUsed: 999, cost: 9, createdAt },
    ...answers.map((a, i) => ({
      conversationId: row!.id,
      userId,
      role: "assistant" as const,
      content: "a",
      tokensUsed: a.tokens,
      cost: a.cost,
      createdAt: new Date(createdAt.getTime() + (i + 1) * 1000),
    })),
  ]);
}

const metrics = async (token: string): Promise<DashboardMetrics> => {
  const res = await t.request("/api/dashboard/metrics", { token });
  expect(res.status).toBe(200);
  return dashboardMetricsSchema.parse(await res.json());
};

describe("GET /api/dashboard/metrics", () => {
  const today = ago(HOUR);
  const twoDays = ago(2 * DAY);
  const fourDays = ago(4 * DAY);
  const lastDay = ago(29 * DAY);
  // Inside the 30-day window, but on a date before the 30 dates of the daily series: between the
  // window's start (30 days ago) and the series' first midnight (29 days before today's). Halfway,
  // whatever the time of day (an hour after the window's start fell on the series' first date when
  // the test ran after 23:00 UTC).
  const windowStart = Date.now() - 30 * DAY;
  const firstMidnight = todayUtc() - 29 * DAY;
  const edgeIn = new Date((windowStart + firstMidnight) / 2);
  const edgeOut = ago(30 * DAY + 60_000);
  const old = ago(45 * DAY);

  beforeAll(async () => {
    const db = t.services.database.db;
    const { ada: a, bob: b } = ids as { ada: string; bob: string };
    await chat(a, "gpt-4o", today, [
      { tokens: 100, cost: 0.002 },
      { tokens: 50, cost: null },
    ]);
    await chat(a, "gpt-4o", twoDays, [{ tokens: 10, cost: 0.001 }]);
    await chat(a, null, twoDays, [{ tokens: 5, cost: null }]);
    await chat(a, "tessera-social", fourDays, [{ tokens: 7, cost: 0 }]);
    await chat(a, "claude-sonnet", lastDay);
    await chat(a, "gpt-4o", edgeOut, [{ tokens: 1000, cost: 1 }]);
    await chat(a, "mistral-nemo", old, [{ tokens: 1000, cost: 1 }]);
    // An answer of today in a chat begun before the window: neither the chat nor its tokens count.
    const [resumed] = await db
      .insert(conversations)
      .values({ userId: a, title: "t", model: "gpt-4o", createdAt: old, updatedAt: today })
      .returning({ id: conversations.id });
    await db.insert(messages).values({
      conversationId: resumed!.id,
      userId: a,
      role: "assistant",
      content: "a",
      tokensUsed: 3000,
      cost: 3,
      createdAt: today,
    });
    await chat(b, "gpt-4o", today, [{ tokens: 500, cost: 5 }]);
    await chat(b, "grok-4", twoDays);

    const search = (userId: string, createdAt: Date) => ({
      userId,
      query: "q",
      provider: "local",
      createdAt,
    });
    await db
      .insert(searches)
      .values([
        search(a, today),
        search(a, fourDays),
        search(a, edgeIn),
        search(a, edgeOut),
        search(a, old),
        search(b, today),
      ]);

    const image = (userId: string, createdAt: Date, status: string) => ({ userId, createdAt, status });
    await db
      .insert(generatedImages)
      .values([
        image(a, today, "completed"),
        image(a, twoDays, "pending"),
        image(a, today, "failed"),
        image(a, old, "completed"),
        image(b, today, "completed"),
      ]);
    await db.insert(generatedVideos).values([
      { userId: a, createdAt: fourDays },
      { userId: a, createdAt: old },
      { userId: b, createdAt: today },
    ]);
  });

  it("counts the caller's own chats, searches, images (not failed) and videos of the last 30 days", async () => {
    const m = await metrics(ada);
    expect(m.windowDays).toBe(30);
    expect(m.totals).toEqual({ chats: 5, searches: 3, images: 2, videos: 1 });
  });

  it("lists chats per model, most first, a conversation without a model as tessera-social, with tokens and cost of the answers", async () => {
    const { models } = await metrics(ada);
    expect(models.map(({ model, chats, tokens }) => ({ model, chats, tokens }))).toEqual([
      { model: "gpt-4o", chats: 2, tokens: 160 },
      { model: "tessera-social", chats: 2, tokens: 12 },
      { model: "claude-sonnet", chats: 1, tokens: 0 },
    ]);
    expect(models[0]!.cost).toBeCloseTo(0.003, 10);
    expect(models[1]!.cost).toBe(0);
    expect(models[2]!.cost).toBe(0);
  });

  it("gives 30 UTC days oldest first, quiet days included", async () => {
    const { daily } = await metrics(ada);
    expect(daily).toHaveLength(30);
    expect(daily.at(-1)!.date).toBe(dateOf(new Date()));
    expect(daily[0]!.date).toBe(dateOf(ago(29 * DAY)));
    const dates = daily.map((d) => d.date);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(30);

    const on = (d: Date) => daily.find((x) => x.date === dateOf(d))!;
    // `today` is an hour ago: just after midnight UTC it is yesterday, still in the series.
    expect(on(today)).toMatchObject({ chats: 1, searches: 1, images: 1 });
    expect(on(twoDays)).toMatchObject({ chats: 2, searches: 0, images: 1 });
    expect(on(fourDays)).toMatchObject({ chats: 1, searches: 1, images: 0 });
    expect(on(lastDay)).toMatchObject({ chats: 1, searches: 0, images: 0 });
    const sum = (k: "chats" | "searches" | "images") => daily.reduce((n, d) => n + d[k], 0);
    expect({ chats: sum("chats"), searches: sum("searches"), images: sum("images") }).toEqual({
      chats: 5,
      searches: 2,
      images: 2,
    });
  });

  it("puts a chat on its UTC date to the millisecond, whatever the database session's time zone", async () => {
    const eve = await t.newUser("eve@example.com");
    const session = (await (await t.request("/api/auth/get-session", { token: eve })).json()) as {
      user: { id: string };
    };
    const midnight = new Date(todayUtc() - 3 * DAY);
    await chat(session.user.id, "gpt-4o", new Date(midnight.getTime() - 1));
    await chat(session.user.id, "gpt-4o", midnight);
    await chat(session.user.id, "gpt-4o", new Date(midnight.getTime() + DAY - 1));
    const expected = [
      { date: dateOf(new Date(midnight.getTime() - 1)), chats: 1 },
      { date: dateOf(midnight), chats: 2 },
    ];
    const daysOf = (m: DashboardMetrics) =>
      m.daily.filter((d) => d.chats > 0).map(({ date, chats }) => ({ date, chats }));
    expect(daysOf(await metrics(eve))).toEqual(expected);
    // Thirteen hours ahead of UTC: a day grouped in the session's time zone would come out differently.
    const db = t.services.database.db;
    const inAuckland = await db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Pacific/Auckland'`);
      return getDashboardMetrics(tx, session.user.id);
    });
    expect(daysOf(inAuckland)).toEqual(expected);
    expect(inAuckland.totals.chats).toBe(3);
  });

  it("keeps each person's figures apart", async () => {
    const m = await metrics(bob);
    expect(m.totals).toEqual({ chats: 2, searches: 1, images: 1, videos: 1 });
    expect(m.models.map((x) => [x.model, x.chats, x.tokens, x.cost])).toEqual([
      ["gpt-4o", 1, 500, 5],
      ["grok-4", 1, 0, 0],
    ]);
  });

  it("is all zeros for someone new, with the 30 days still there", async () => {
    const m = await metrics(await t.newUser("cy@example.com"));
    expect(m.totals).toEqual({ chats: 0, searches: 0, images: 0, videos: 0 });
    expect(m.models).toEqual([]);
    expect(m.daily).toHaveLength(30);
    expect(m.daily.every((d) => d.chats + d.searches + d.images === 0)).toBe(true);
  });

  it("counts a chat with Tessera Local, its answer's tokens, and its cost as 0", async () => {
    const dee = await t.newUser("dee@example.com");
    const events = await readSse(
      await t.request("/api/chat-stream", {
        method: "POST",
        token: dee,
        json: { message: "Which model should I use for code?", model: "tessera-local" },
      }),
    );
    const start = events.find((e) => e.type === "start")!;
    const done = events.at(-1)!;
    expect(done.type).toBe("complete");
    const [answer] = await t.services.database.db
      .select({ cost: messages.cost, tokens: messages.tokensUsed })
      .from(messages)
      .where(eq(messages.conversationId, start.conversationId as string))
      .orderBy(messages.createdAt)
      .offset(1);
    expect(answer).toEqual({ cost: 0, tokens: done.outputTokens });

    const m = await metrics(dee);
    expect(m.totals.chats).toBe(1);
    expect(m.models).toEqual([{ model: "tessera-local", chats: 1, tokens: done.outputTokens, cost: 0 }]);
    expect(m.daily.at(-1)!.chats).toBe(1);
  });

  it("needs a session", async () => {
    const res = await t.request("/api/dashboard/metrics");
    expect(res.status).toBe(401);
  });
});
