import {
  messageSearchPageSchema,
  sharedConversationSchema,
  type Folder,
  type LibraryConversation,
  type MessageSearchPage,
  type OwnedShare,
  type ShareLink,
} from "@tessera/contracts";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, member, messages, organization, user } from "../../db/schema";
import { createApp } from "../../app";
import { scratchDirs } from "../../test/scratch-dirs";
import { createTestApp, type TestApp } from "../../test/test-app";
import { SHARED_READS_PER_MINUTE } from "./shared-routes";

const scratch = scratchDirs("tessera-share-web-");
let t: TestApp;
let ada: string;
let bob: string;
let adaId: string;
let bobId: string;

const idOf = async (email: string) =>
  (await t.services.database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  ada = await t.newUser("ada@example.com", { name: "Ada Lovelace" });
  bob = await t.newUser("bob@example.com");
  adaId = await idOf("ada@example.com");
  bobId = await idOf("bob@example.com");
});
afterAll(() => t.close());

let clock = Date.parse("2026-01-01T00:00:00Z");
/** A conversation stored with its messages, each a minute after the one before. */
async function seed(
  userId: string,
  title: string,
  turns: {
    role: "user" | "assistant";
    content: string;
    images?: { id: string; url: string }[];
    sources?: { title: string; url: string; snippet?: string }[];
  }[],
) {
  const db = t.services.database.db;
  const [c] = await db
    .insert(conversations)
    .values({ userId, title, createdAt: new Date(clock), updatedAt: new Date(clock + turns.length * 60_000) })
    .returning();
  const ids: string[] = [];
  for (const turn of turns) {
    clock += 60_000;
    const [m] = await db
      .insert(messages)
      .values({
        conversationId: c!.id,
        userId,
        role: turn.role,
        content: turn.content,
        images: turn.images ?? [],
        sources: turn.sources ?? [],
        model: turn.role === "assistant" ? "guide" : null,
        createdAt: new Date(clock),
      })
      .returning();
    ids.push(m!.id);
  }
  return { id: c!.id, messageIds: ids };
}

const call = async (path: string, init: { token?: string; method?: string; json?: unknown } = {}) => {
  const res = await t.request(path, init);
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: (text ? JSON.parse(text) : null) as unknown,
  };
};
const search = async (q: string, token = ada, extra = "") => {
  const res = await call(`/api/conversations/search?q=${encodeURIComponent(q)}${extra}`, { token });
  expect(res.status, res.text).toBe(200);
  return messageSearchPageSchema.parse(res.body);
};
const marked = (hit: MessageSearchPage["hits"][number]) =>
  hit.highlights.map(([a, b]) => hit.snippet.slice(a, b).toLowerCase());

describe("search inside messages", () => {
  let older: Awaited<ReturnType<typeof seed>>;
  let newer: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    older = await seed(adaId, "Garden notes", [
      { role: "user", content: "How deep should I plant tulip bulbs?" },
      { role: "assistant", content: "Plant tulip bulbs about 20 cm deep, pointy end up, in autumn." },
    ]);
    newer = await seed(adaId, "Holland trip", [
      { role: "user", content: "Where are the best tulips fields near Amsterdam?" },
      { role: "assistant", content: "The Keukenhof gardens show seven million <b>tulips</b> each spring." },
    ]);
    await seed(bobId, "Bob's tulips", [{ role: "user", content: "Bob's secret tulip diary" }]);
  });

  it("finds words inside answers, newest first, with the matched words as ranges of a plain snippet", async () => {
    const page = await search("tulip");
    expect(page.hits.map((h) => h.message_id)).toEqual([
      newer.messageIds[1],
      newer.messageIds[0],
      older.messageIds[1],
      older.messageIds[0],
    ]);
    const keukenhof = page.hits[0]!;
    expect(keukenhof.conversation_id).toBe(newer.id);
    expect(keukenhof.conversation_title).toBe("Holland trip");
    expect(keukenhof.role).toBe("assistant");
    // Stemmed: "tulips" matches "tulip"; the message's own markup is not carried into the snippet.
    expect(keukenhof.snippet).toContain("seven million");
    expect(keukenhof.snippet).not.toContain("<b>");
    expect(marked(keukenhof)).toEqual(["tulips"]);
    for (const hit of page.hits) expect(marked(hit).every((w) => w.startsWith("tulip"))).toBe(true);
    expect(page.next_cursor).toBeNull();
  });

  it("never finds another person's messages", async () => {
    const mine = await search("diary");
    expect(mine.hits).toEqual([]);
    const bobs = await search("tulip", bob);
    expect(bobs.hits).toHaveLength(1);
    expect(bobs.hits[0]!.conversation_title).toBe("Bob's tulips");
  });

  it("pages with a cursor, without a gap or an overlap", async () => {
    const first = await search("tulip", ada, "&limit=3");
    expect(first.hits).toHaveLength(3);
    expect(first.next_cursor).toBe(first.hits[2]!.message_id);
    const second = await search("tulip", ada, `&limit=3&cursor=${first.next_cursor}`);
    expect(second.hits.map((h) => h.message_id)).toEqual([older.messageIds[0]]);
    expect(second.next_cursor).toBeNull();
    // Bob's message as a cursor is no place in Ada's list.
    const [bobsMessage] = await t.services.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.userId, bobId));
    expect((await search("tulip", ada, `&cursor=${bobsMessage!.id}`)).hits).toEqual([]);
  });

  it("keeps a forged highlight out: the marks inside a message are dropped before the snippet", async () => {
    await seed(adaId, "Forgery", [
      { role: "user", content: "narcissus \uE000planted\uE001 beside the daffodil" },
    ]);
    const [hit] = (await search("daffodil")).hits;
    expect(hit!.snippet).not.toMatch(/[\uE000\uE001]/);
    expect(marked(hit!)).toEqual(["daffodil"]);
  });

  it("has an index the search's expression can use", async () => {
    const plan = await t.services.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await tx.execute(
        sql`explain select id from messages where to_tsvector('english', ${messages.content}) @@ websearch_to_tsquery('english', 'tulip')`,
      );
      return JSON.stringify(rows);
    });
    expect(plan).toContain("messages_search_idx");
  });

  it("refuses a blank or too long query and a bad cursor with 400, and a caller without a session with 401", async () => {
    for (const q of ["", "%20%20", "x".repeat(201)])
      expect((await call(`/api/conversations/search?q=${q}`, { token: ada })).status).toBe(400);
    expect((await call("/api/conversations/search", { token: ada })).status).toBe(400);
    expect((await call("/api/conversations/search?q=tulip&cursor=nope", { token: ada })).status).toBe(400);
    expect((await call("/api/conversations/search?q=tulip&limit=51", { token: ada })).status).toBe(400);
    expect((await call("/api/conversations/search?q=tulip")).status).toBe(401);
  });
});

describe("folders and pins", () => {
  const list = async (token = ada) =>
    (await call("/api/conversations", { token })).body as LibraryConversation[];

  it("files a chat in a folder, pins one to the top, and unfiles a deleted folder's chats", async () => {
    const a = await seed(adaId, "Filed away", [{ role: "user", content: "one" }]);
    const b = await seed(adaId, "Pinned one", [{ role: "user", content: "two" }]);
    await seed(adaId, "Newest of all", [{ role: "user", content: "three" }]);

    const made = await call("/api/conversation-folders", {
      token: ada,
      method: "POST",
      json: { name: "  Work  stuff " },
    });
    expect(made.status).toBe(201);
    const folder = made.body as Folder;
    expect(folder.name).toBe("Work stuff");

    const filed = await call(`/api/conversations/${a.id}/organize`, {
      token: ada,
      method: "PATCH",
      json: { folderId: folder.id },
    });
    expect(filed.status).toBe(200);
    expect((filed.body as LibraryConversation).folder_id).toBe(folder.id);
    await call(`/api/conversations/${b.id}/organize`, {
      token: ada,
      method: "PATCH",
      json: { pinned: true },
    });

    const shown = await list();
    expect(shown[0]!.id).toBe(b.id);
    expect(shown[0]!.pinned).toBe(true);
    expect(shown.map((c) => c.id)).not.toContain(a.id);
    const inFolder = (await call(`/api/conversation-folders/${folder.id}/conversations`, { token: ada }))
      .body as LibraryConversation[];
    expect(inFolder.map((c) => c.id)).toEqual([a.id]);
    const folders = (await call("/api/conversation-folders", { token: ada })).body as Folder[];
    expect(folders.find((f) => f.id === folder.id)?.conversation_count).toBe(1);

    const renamed = await call(`/api/conversation-folders/${folder.id}`, {
      token: ada,
      method: "PATCH",
      json: { name: "Projects" },
    });
    expect((renamed.body as Folder).name).toBe("Projects");

    expect(
      (await call(`/api/conversation-folders/${folder.id}`, { token: ada, method: "DELETE" })).status,
    ).toBe(204);
    const after = await list();
    expect(after.find((c) => c.id === a.id)?.folder_id).toBeNull();

    await call(`/api/conversations/${b.id}/organize`, {
      token: ada,
      method: "PATCH",
      json: { pinned: false },
    });
    expect((await list())[0]!.title).toBe("Newest of all");
  });

  it("pages the list with pinned chats first without a gap or an overlap", async () => {
    for (let i = 0; i < 22; i++) await seed(adaId, `Bulk ${i}`, [{ role: "user", content: "x" }]);
    const firstPage = await list();
    const pinMe = firstPage.at(-1)!;
    await call(`/api/conversations/${pinMe.id}/organize`, {
      token: ada,
      method: "PATCH",
      json: { pinned: true },
    });
    const seen: string[] = [];
    let before: string | undefined;
    for (;;) {
      const page = (await call(`/api/conversations${before ? `?before=${before}` : ""}`, { token: ada }))
        .body as LibraryConversation[];
      seen.push(...page.map((c) => c.id));
      if (page.length < 20) break;
      before = page.at(-1)!.id;
    }
    expect(seen[0]).toBe(pinMe.id);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("answers 404 for another person's folder or conversation, and 400 for a bad body", async () => {
    const bobsFolder = (
      await call("/api/conversation-folders", { token: bob, method: "POST", json: { name: "Bob's" } })
    ).body as Folder;
    const bobs = await seed(bobId, "Bob's chat", [{ role: "user", content: "hi" }]);
    const mine = await seed(adaId, "Mine", [{ role: "user", content: "hi" }]);
    const patch = (path: string, json: unknown) => call(path, { token: ada, method: "PATCH", json });
    expect((await patch(`/api/conversations/${mine.id}/organize`, { folderId: bobsFolder.id })).status).toBe(
      404,
    );
    expect((await patch(`/api/conversations/${bobs.id}/organize`, { pinned: true })).status).toBe(404);
    expect((await patch(`/api/conversation-folders/${bobsFolder.id}`, { name: "Mine now" })).status).toBe(
      404,
    );
    expect(
      (await call(`/api/conversation-folders/${bobsFolder.id}`, { token: ada, method: "DELETE" })).status,
    ).toBe(404);
    expect(
      (await call(`/api/conversation-folders/${bobsFolder.id}/conversations`, { token: ada })).status,
    ).toBe(404);
    expect((await call("/api/conversation-folders", { token: ada })).body as Folder[]).not.toContainEqual(
      expect.objectContaining({ id: bobsFolder.id }),
    );
    expect((await patch(`/api/conversations/${mine.id}/organize`, {})).status).toBe(400);
    expect(
      (await call("/api/conversation-folders", { token: ada, method: "POST", json: { name: "   " } })).status,
    ).toBe(400);
    expect((await call("/api/conversation-folders", { method: "POST", json: { name: "x" } })).status).toBe(
      401,
    );
  });
});

describe("share links", () => {
  let shared: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    shared = await seed(adaId, "Trip planning", [
      {
        role: "user",
        content: "Plan my trip.\n\n[Attached: itinerary.txt]\nFlight AB123 on Monday",
        images: [{ id: "img1", url: "/files/chat/secret-photo.png" }],
      },
      {
        role: "assistant",
        content:
          'Here is a plan [1]. <script>alert(1)</script> <img src="https://tracker.example/p.gif"> [link](javascript:alert(1))',
        sources: [
          { title: "Visit Holland", url: "https://holland.example/visit", snippet: "Tulips" },
          { title: "itinerary.txt", url: "attached:itinerary.txt", snippet: "Flight AB123" },
        ],
      },
    ]);
  });

  const share = (json: unknown = {}, token = ada, id = shared.id) =>
    call(`/api/conversations/${id}/share`, { token, method: "POST", json });

  it("makes a public, unindexed snapshot without email, ids or attachments", async () => {
    const made = await share();
    expect(made.status).toBe(200);
    const link = made.body as ShareLink;
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toMatch(new RegExp(`/share/${link.token}$`));

    const open = await call(`/api/shared/${link.token}`); // no session
    expect(open.status).toBe(200);
    expect(open.headers.get("x-robots-tag")).toContain("noindex");
    const snapshot = sharedConversationSchema.strict().parse(open.body);
    expect(snapshot.title).toBe("Trip planning");
    expect(snapshot.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(snapshot.messages[0]!.content).toBe("Plan my trip.");
    expect(snapshot.messages[0]!.images).toEqual([]);
    expect(snapshot.messages[1]!.sources.map((s) => s.url)).toEqual(["https://holland.example/visit"]);
    // The hostile text is kept as text; the page renders it inert (features/share on the web).
    expect(snapshot.messages[1]!.content).toContain("<script>");
    for (const secret of [
      "ada@example.com",
      "Ada Lovelace",
      adaId,
      shared.id,
      ...shared.messageIds,
      "AB123",
      "secret-photo",
    ])
      expect(open.text).not.toContain(secret);
  });

  it("shares attachments only when ticked, and updates the snapshot behind the same link", async () => {
    const first = (await share()).body as ShareLink;
    await seed(adaId, "unrelated", [{ role: "user", content: "x" }]);
    await t.services.database.db
      .insert(messages)
      .values({ conversationId: shared.id, userId: adaId, role: "user", content: "One more question" });
    const again = (await share({ includeAttachments: true })).body as ShareLink;
    expect(again.token).toBe(first.token);
    expect(again.include_attachments).toBe(true);
    const snapshot = sharedConversationSchema.parse((await call(`/api/shared/${again.token}`)).body);
    expect(snapshot.messages).toHaveLength(3);
    expect(snapshot.messages[0]!.content).toContain("Flight AB123");
    expect(snapshot.messages[0]!.images).toEqual([{ url: "/files/chat/secret-photo.png" }]);
    expect(snapshot.messages[1]!.sources).toHaveLength(2);
  });

  it("lists the owner's links and revokes one: 404 at once, and for an unknown token", async () => {
    const link = (await share()).body as ShareLink;
    const listed = (await call("/api/shares", { token: ada })).body as OwnedShare[];
    expect(listed).toContainEqual(
      expect.objectContaining({ token: link.token, conversation_id: shared.id, title: "Trip planning" }),
    );
    expect(
      ((await call("/api/shares", { token: bob })).body as OwnedShare[]).map((s) => s.token),
    ).not.toContain(link.token);
    expect((await call(`/api/conversations/${shared.id}/share`, { token: ada })).status).toBe(200);

    expect(
      (await call(`/api/conversations/${shared.id}/share`, { token: ada, method: "DELETE" })).status,
    ).toBe(204);
    const gone = await call(`/api/shared/${link.token}`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get("x-robots-tag")).toContain("noindex");
    expect((await call(`/api/conversations/${shared.id}/share`, { token: ada })).status).toBe(404);
    expect((await call(`/api/shared/${"A".repeat(43)}`)).status).toBe(404);
    expect((await call("/api/shared/short")).status).toBe(404);
    // Sharing again makes a new link: the revoked one stays dead.
    const fresh = (await share()).body as ShareLink;
    expect(fresh.token).not.toBe(link.token);
    expect((await call(`/api/shared/${link.token}`)).status).toBe(404);
  });

  it("keeps a team's link to its members, signed in, and to a team of the owner's only", async () => {
    const db = t.services.database.db;
    const cyd = await t.newUser("cyd-share@example.com");
    const cydId = await idOf("cyd-share@example.com");
    const teamId = `team-${crypto.randomUUID()}`;
    await db.insert(organization).values({ id: teamId, name: "Atlas", slug: teamId, createdAt: new Date() });
    for (const [userId, role] of [
      [adaId, "owner"],
      [cydId, "member"],
    ] as const)
      await db
        .insert(member)
        .values({ id: crypto.randomUUID(), organizationId: teamId, userId, role, createdAt: new Date() });

    // Bob is in no team of Ada's: a team he names is as unknown as none.
    expect((await share({ teamId }, bob)).status).toBe(404);
    const other = `team-${crypto.randomUUID()}`;
    await db
      .insert(organization)
      .values({ id: other, name: "Elsewhere", slug: other, createdAt: new Date() });
    expect((await share({ teamId: other })).status).toBe(404);
    expect((await share({ teamId: "" })).status).toBe(400);

    const made = await share({ teamId });
    expect(made.status, made.text).toBe(200);
    const link = made.body as ShareLink;
    expect(link.team).toEqual({ id: teamId, name: "Atlas" });
    const listed = (await call("/api/shares", { token: ada })).body as OwnedShare[];
    expect(listed.find((s) => s.token === link.token)?.team).toEqual({ id: teamId, name: "Atlas" });

    expect((await call(`/api/shared/${link.token}`)).status).toBe(404); // no session
    expect((await call(`/api/shared/${link.token}`, { token: bob })).status).toBe(404); // not a member
    expect((await call(`/api/shared/${link.token}`, { token: "stale-token" })).status).toBe(404);
    const read = await call(`/api/shared/${link.token}`, { token: cyd });
    expect(read.status, read.text).toBe(200);
    expect(sharedConversationSchema.parse(read.body).title).toBe("Trip planning");

    // Out of the team, out of the link, at once.
    await db.delete(member).where(eq(member.userId, cydId));
    expect((await call(`/api/shared/${link.token}`, { token: cyd })).status).toBe(404);

    // Shared again for anyone: the same link opens without a session.
    const open = (await share({ teamId: null })).body as ShareLink;
    expect(open).toMatchObject({ token: link.token, team: null });
    expect((await call(`/api/shared/${link.token}`)).status).toBe(200);
  });

  it("reads share links at most 120 times a minute from one address", async () => {
    const limited = await createTestApp();
    try {
      let refused: Response | undefined;
      for (let i = 0; i <= SHARED_READS_PER_MINUTE && !refused; i++) {
        const res = await limited.request(`/api/shared/${"B".repeat(43)}`);
        if (res.status === 429) refused = res;
        else expect(res.status).toBe(404);
      }
      expect(refused?.status).toBe(429);
      expect(refused?.headers.get("retry-after")).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });

  it("answers 404 to another person's conversation, 400 to a bad body and 401 without a session", async () => {
    expect((await share({}, bob)).status).toBe(404);
    expect(
      (await call(`/api/conversations/${shared.id}/share`, { token: bob, method: "DELETE" })).status,
    ).toBe(404);
    expect((await call(`/api/conversations/${shared.id}/share`, { token: bob })).status).toBe(404);
    expect((await share({ includeAttachments: "yes" })).status).toBe(400);
    expect((await share({ everything: true })).status).toBe(400);
    expect((await call(`/api/conversations/${shared.id}/share`, { method: "POST", json: {} })).status).toBe(
      401,
    );
  });
});

describe("the share page", () => {
  it("is served to anyone, and marked for no search engine to index", async () => {
    const webDist = scratch();
    writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Tessera</title>");
    const full = createApp(t.services, { webDist });
    const page = await full.request(`/share/${"A".repeat(43)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    expect((await full.request("/pricing")).headers.get("x-robots-tag")).toBeNull();
  });
});
