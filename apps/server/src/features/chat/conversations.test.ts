import {
  CONVERSATIONS_EXPORT_FORMAT,
  RESPONSE_INTERRUPTED_MARK,
  TEXT_ATTACHMENT_MAX_CHARS,
  conversationsExportSchema,
  type ConversationSummary,
  type StoredMessage,
} from "@tessera/contracts";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, messages, user } from "../../db/schema";
import { ORIGIN, createTestApp, readSse, type TestApp } from "../../test/test-app";
import { TINY_PNG, tinyPdf } from "../../test/tiny-pdf";

let t: TestApp;
let ada: string;
let bob: string;
beforeAll(async () => {
  t = await createTestApp({ LOCAL_MODEL_PACE_MS: "10" });
  ada = await t.newUser("ada@example.com");
  bob = await t.newUser("bob@example.com");
});
afterAll(() => t.close());

const ask = async (token: string, message: string, conversationId?: string) =>
  (
    await readSse(
      await t.request("/api/chat-stream", {
        method: "POST",
        token,
        json: { message, model: "guide", conversationId },
      }),
    )
  )[0]!.conversationId as string;
const get = async <T>(path: string, token: string) => {
  const res = await t.request(path, { token });
  return { status: res.status, body: (res.status === 200 ? await res.json() : null) as T };
};
const upload = (
  path: string,
  token: string,
  bytes: Uint8Array,
  name: string,
  type = "application/octet-stream",
) => {
  const form = new FormData();
  form.append("file", new File([bytes], name, { type }));
  return t.request(path, { method: "POST", token, body: form });
};

describe("conversations", () => {
  it("lists the caller's recent conversations newest first with message counts, and only theirs", async () => {
    const first = await ask(ada, "First question about plans");
    const second = await ask(ada, "Second question about search");
    await ask(ada, "A follow-up", first);
    await ask(bob, "Bob's own question");
    const { body } = await get<ConversationSummary[]>("/api/conversations", ada);
    expect(body.map((c) => c.id).slice(0, 2)).toEqual([first, second]);
    expect(body.find((c) => c.id === first)?.message_count).toBe(4);
    expect(body.some((c) => c.title.startsWith("Bob"))).toBe(false);
  });

  it("pages down the list with ?before= and finds conversations by title with ?q=, only one's own", async () => {
    const carol = await t.newUser("carol@example.com");
    const db = t.services.database.db;
    const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, "carol@example.com"));
    // 45 conversations, one a minute; two share an instant, so the list's order needs the id too.
    const start = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: 45 }, (_, i) => ({
      userId: owner!.id,
      title: i === 7 ? "Budget 50% review_draft" : `Topic ${i}`,
      updatedAt: new Date(start + (i === 31 ? 30 : i) * 60_000),
    }));
    await db.insert(conversations).values(rows);
    const list = (query = "") => get<ConversationSummary[]>(`/api/conversations${query}`, carol);

    const seen: ConversationSummary[] = [];
    let page = (await list()).body;
    while (page.length > 0) {
      seen.push(...page);
      expect(page.length).toBeLessThanOrEqual(20);
      page = (await list(`?before=${page.at(-1)!.id}`)).body;
    }
    expect(seen).toHaveLength(45);
    expect(new Set(seen.map((c) => c.id)).size).toBe(45);
    expect(seen.map((c) => c.updated_at)).toEqual(
      seen
        .map((c) => c.updated_at)
        .sort()
        .reverse(),
    );
    expect(seen[0]!.title).toBe("Topic 44");

    // The wildcards of LIKE are searched for as they are written.
    expect((await list("?q=50%25")).body.map((c) => c.title)).toEqual(["Budget 50% review_draft"]);
    expect((await list("?q=t_p")).body).toEqual([]); // "_" would match the o of every "Topic"
    expect((await list("?q=t%25c")).body).toEqual([]); // and "%" its "opi"
    expect((await list("?q=%20budget%20")).body).toHaveLength(1);
    const topics = (await list("?q=topic")).body;
    expect(topics).toHaveLength(20);
    const more = (await list(`?q=topic&before=${topics.at(-1)!.id}`)).body;
    expect(more).toHaveLength(20);
    expect((await list(`?q=topic&before=${more.at(-1)!.id}`)).body).toHaveLength(4);

    // Someone else's conversation (or none) starts no page; their titles are never found.
    const bobs = (await get<ConversationSummary[]>("/api/conversations", bob)).body[0]!;
    expect((await list(`?before=${bobs.id}`)).body).toEqual([]);
    expect((await get<ConversationSummary[]>("/api/conversations?q=topic", bob)).body).toEqual([]);
    expect((await list("?before=nope")).status).toBe(400);
    expect((await list(`?q=${"x".repeat(201)}`)).status).toBe(400);
  });

  it("gives the messages of a conversation in order, and 404 to anyone else", async () => {
    const id = await ask(ada, "What is Tessera Local?");
    const { body } = await get<StoredMessage[]>(`/api/conversations/${id}/messages`, ada);
    expect(body.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(body[1]!.sources.length).toBeGreaterThan(0);
    expect((await get(`/api/conversations/${id}/messages`, bob)).status).toBe(404);
    expect((await get(`/api/conversations/${id}`, bob)).status).toBe(404);
    expect((await get(`/api/conversations/not-a-uuid/messages`, ada)).status).toBe(400);
  });

  it("pages a long conversation from its end: ?limit= the newest, ?before= the ones older than a message", async () => {
    const id = await ask(ada, "A long conversation");
    const db = t.services.database.db;
    const [{ userId } = { userId: "" }] = await db
      .select({ userId: messages.userId })
      .from(messages)
      .where(eq(messages.conversationId, id));
    // 57 more, microseconds apart, and two pairs sharing one time: the id decides their order.
    const start = Date.parse("2020-01-01T00:00:00Z");
    await db.insert(messages).values(
      Array.from({ length: 57 }, (_, i) => ({
        conversationId: id,
        userId,
        role: i % 2 ? ("assistant" as const) : ("user" as const),
        content: `old message ${i}`,
        createdAt: new Date(start + (i === 11 || i === 40 ? i - 1 : i) * 1000),
      })),
    );
    await db.execute(
      sql`update ${messages} set created_at = created_at + interval '1 microsecond' where ${messages.content} = 'old message 30'`,
    );
    const all = (await get<StoredMessage[]>(`/api/conversations/${id}/messages`, ada)).body;
    expect(all).toHaveLength(59);
    expect(all.at(-2)!.content).toBe("A long conversation");

    // Walked back a page of 10 at a time, the pages join into the whole list: no gap, no repeat.
    const pages: StoredMessage[][] = [];
    let before: string | undefined;
    for (;;) {
      const query = `limit=10${before ? `&before=${before}` : ""}`;
      const { status, body } = await get<StoredMessage[]>(`/api/conversations/${id}/messages?${query}`, ada);
      expect(status).toBe(200);
      pages.unshift(body);
      if (body.length < 10) break;
      before = body[0]!.id;
    }
    expect(pages.map((p) => p.length)).toEqual([9, 10, 10, 10, 10, 10]);
    expect(pages.flat().map((m) => m.id)).toEqual(all.map((m) => m.id));
    // Older than the first message there is nothing.
    expect(
      (await get<StoredMessage[]>(`/api/conversations/${id}/messages?before=${all[0]!.id}`, ada)).body,
    ).toEqual([]);
    // before= alone is every older message.
    expect(
      (await get<StoredMessage[]>(`/api/conversations/${id}/messages?before=${all[5]!.id}`, ada)).body.map(
        (m) => m.id,
      ),
    ).toEqual(all.slice(0, 5).map((m) => m.id));

    const status = async (query: string, token = ada) =>
      (await get(`/api/conversations/${id}/messages?${query}`, token)).status;
    for (const bad of ["limit=0", "limit=501", "limit=2.5", "limit=ten", "before=not-a-uuid"]) {
      expect(await status(bad), bad).toBe(400);
    }
    // A message of another conversation, even one's own, is no anchor; nor is a made-up id.
    const other = (
      await get<StoredMessage[]>(`/api/conversations/${await ask(ada, "Elsewhere")}/messages`, ada)
    ).body[0]!.id;
    expect(await status(`limit=5&before=${other}`)).toBe(404);
    expect(await status(`limit=5&before=${randomUUID()}`)).toBe(404);
    expect(await status(`limit=5&before=${all[5]!.id}`, bob)).toBe(404);
  });

  it("renames one's own conversation without moving it in the list; someone else's is 404 and keeps its title", async () => {
    const older = await ask(ada, "Packing list for the coast");
    const newer = await ask(ada, "Something asked later");
    const rename = (id: string, token: string, json: unknown) =>
      t.request(`/api/conversations/${id}`, { method: "PATCH", token, json });

    const res = await rename(older, ada, { title: "  Coast trip:\n  what to pack  " });
    expect(res.status).toBe(200);
    const renamed = (await res.json()) as ConversationSummary;
    expect(renamed).toMatchObject({ id: older, title: "Coast trip: what to pack", message_count: 2 });
    const { body: list } = await get<ConversationSummary[]>("/api/conversations", ada);
    expect(list.slice(0, 2).map((c) => [c.id, c.title])).toEqual([
      [newer, "Something asked later"],
      [older, "Coast trip: what to pack"],
    ]);
    const { body: found } = await get<ConversationSummary[]>("/api/conversations?q=coast%20trip", ada);
    expect(found.map((c) => c.id)).toEqual([older]);

    // Someone else's id is not there for them; a blank or over-long title, or no JSON, is refused.
    expect((await rename(older, bob, { title: "Mine now" })).status).toBe(404);
    expect((await rename(randomUUID(), ada, { title: "No such one" })).status).toBe(404);
    expect((await rename("not-an-id", ada, { title: "Bad id" })).status).toBe(400);
    const blank = await rename(older, ada, { title: " \n " });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(await blank.json())).toContain("A conversation needs a title.");
    expect((await rename(older, ada, { title: "x".repeat(121) })).status).toBe(400);
    expect((await rename(older, ada, { name: "Wrong field" })).status).toBe(400);
    const text = await t.request(`/api/conversations/${older}`, {
      method: "PATCH",
      token: ada,
      body: "title",
    });
    expect(text.status).toBe(415);
    expect((await get<ConversationSummary>(`/api/conversations/${older}`, ada)).body.title).toBe(
      "Coast trip: what to pack",
    );
  });

  it("exports one's own conversation as a Markdown file, every message with its author and sources", async () => {
    const id = await ask(ada, "How do I delete a conversation?");
    await ask(ada, "And how do I rename one?", id);
    await t.request(`/api/conversations/${id}`, {
      method: "PATCH",
      token: ada,
      json: { title: "Café notes: chats" },
    });
    const res = await t.request(`/api/conversations/${id}/export`, { token: ada });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="cafe-notes-chats.md"; filename*=UTF-8''cafe-notes-chats.md`,
    );
    const text = await res.text();
    const { body: stored } = await get<StoredMessage[]>(`/api/conversations/${id}/messages`, ada);
    expect(text.startsWith("# Café notes: chats\n\n_Exported from Tessera on ")).toBe(true);
    expect(text).toContain(": 4 messages, started ");
    const headings = [...text.matchAll(/^## (.+) · \d{4}-\d\d-\d\d \d\d:\d\d UTC$/gm)].map((m) => m[1]);
    expect(headings).toEqual(["You", "Tessa", "You", "Tessa"]);
    for (const message of stored) expect(text).toContain(message.content.trim());
    const answer = stored.find((m) => m.role === "assistant" && m.sources.length > 0)!;
    expect(text).toContain(`1. [${answer.sources[0]!.title}](<${answer.sources[0]!.url}>)`);

    expect((await t.request(`/api/conversations/${id}/export`, { token: bob })).status).toBe(404);
    expect((await t.request(`/api/conversations/${randomUUID()}/export`, { token: ada })).status).toBe(404);
    expect((await t.request(`/api/conversations/nope/export`, { token: ada })).status).toBe(400);
    expect((await t.request(`/api/conversations/${id}/export`)).status).toBe(401);
  });

  it("exports every one of one's own conversations, oldest first with all their messages, as one JSON file", async () => {
    const cy = await t.newUser("cy@example.com");
    const empty = await t.request("/api/conversations/export", { token: cy });
    expect(empty.status).toBe(200);
    expect(conversationsExportSchema.parse(await empty.json()).conversations).toEqual([]);

    const first = await ask(cy, "How do I delete a conversation?");
    await ask(cy, "And rename one?", first);
    const second = await ask(cy, "What does Tessera Local do?");
    await ask(bob, "Bob's question stays his");
    const res = await t.request("/api/conversations/export", { token: cy });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="tessera-conversations-${day}.json"; filename*=UTF-8''tessera-conversations-${day}.json`,
    );
    const text = await res.text();
    // One conversation a line, between the head and the close.
    expect(text.trimEnd().split("\n")).toHaveLength(4);
    const file = conversationsExportSchema.parse(JSON.parse(text));
    expect(file.format).toBe(CONVERSATIONS_EXPORT_FORMAT);
    expect(Date.now() - Date.parse(file.exported_at)).toBeLessThan(60_000);
    expect(file.conversations.map((c) => c.id)).toEqual([first, second]);
    for (const exported of file.conversations) {
      const { body: summary } = await get<ConversationSummary>(`/api/conversations/${exported.id}`, cy);
      const { body: stored } = await get<StoredMessage[]>(`/api/conversations/${exported.id}/messages`, cy);
      const { messages: thread, ...rest } = exported;
      expect({ ...rest, message_count: thread.length }).toEqual(summary);
      // The file adds where each message hangs in the tree: here one branch, each after the last.
      expect(thread.map(({ parent_id: _p, replaced_by: _r, ...m }) => m)).toEqual(stored);
      expect(thread.map((m) => m.parent_id)).toEqual([null, ...thread.slice(0, -1).map((m) => m.id)]);
      expect(thread.every((m) => m.replaced_by === null)).toBe(true);
    }
    expect(file.conversations[0]!.messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
    ]);

    expect((await t.request("/api/conversations/export")).status).toBe(401);
  });

  it("deletes one's own conversation with its messages; someone else's is 404 and stays", async () => {
    const id = await ask(ada, "Delete me later");
    expect((await t.request(`/api/conversations/${id}`, { method: "DELETE", token: bob })).status).toBe(404);
    expect((await get(`/api/conversations/${id}`, ada)).status).toBe(200);
    expect((await t.request(`/api/conversations/${id}`, { method: "DELETE", token: ada })).status).toBe(204);
    expect((await get(`/api/conversations/${id}/messages`, ada)).status).toBe(404);
  });
});

describe("leaving and stopping a stream (over a real connection)", () => {
  /** Opens a Tessera Local answer on a socket and reads it until its first chunk. */
  async function openAnswer(base: string, message: string) {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/chat-stream`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${ada}`, origin: ORIGIN },
      body: JSON.stringify({ message, model: "tessera-local" }),
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    let seen = "";
    while (!seen.includes('"type":"chunk"')) {
      const { value } = (await reader.read()) as { value?: Uint8Array };
      seen += new TextDecoder().decode(value);
    }
    return {
      conversationId: /"conversationId":"([^"]+)"/.exec(seen)![1]!,
      messageId: /"messageId":"([^"]+)"/.exec(seen)![1]!,
      leave: () => controller.abort(),
    };
  }

  async function answerWhenDone(conversationId: string) {
    let stored: StoredMessage[] = [];
    // The answer's row exists from the start; wait until the stream has closed it.
    for (let i = 0; i < 100 && (stored.length < 2 || stored[1]?.status === "streaming"); i++) {
      await new Promise((r) => setTimeout(r, 100));
      stored = (await get<StoredMessage[]>(`/api/conversations/${conversationId}/messages`, ada)).body;
    }
    return stored[1];
  }

  it("keeps answering when the client goes away, and stores the whole answer", async () => {
    const base = await t.listen();
    const answer = await openAnswer(base, "Tell me everything about choosing a model");
    answer.leave();
    const stored = await answerWhenDone(answer.conversationId);
    expect(stored?.status).toBe("complete");
    expect(stored?.content).not.toContain(RESPONSE_INTERRUPTED_MARK);
    expect(stored!.content.length).toBeGreaterThan(200);
  });

  it("Stop stores the partial answer marked [Response interrupted]", async () => {
    const base = await t.listen();
    const answer = await openAnswer(base, "Tell me everything about choosing a model, once more");
    answer.leave();
    const res = await t.request("/api/chat-stream/stop", {
      method: "POST",
      token: ada,
      json: { messageId: answer.messageId },
    });
    expect(res.status).toBe(204);
    const stored = await answerWhenDone(answer.conversationId);
    expect(stored?.status).toBe("interrupted");
    expect(stored?.content.endsWith(RESPONSE_INTERRUPTED_MARK)).toBe(true);
    expect(stored!.content.length).toBeGreaterThan(RESPONSE_INTERRUPTED_MARK.length);
  });
});

describe("attachments", () => {
  it("stores an image by its content and serves it at its public URL", async () => {
    const res = await upload("/api/chat-images", ada, TINY_PNG, "photo.txt", "text/plain");
    expect(res.status).toBe(201);
    const { id, url } = (await res.json()) as { id: string; url: string };
    expect(url).toMatch(/^\/files\/image-refs\/chat-images\/\d+-[0-9a-f]{16}\.png$/);
    const file = await t.request(url);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(TINY_PNG);

    const events = await readSse(
      await t.request("/api/chat-stream", {
        method: "POST",
        token: ada,
        json: { message: "What is in this picture?", model: "guide", images: [{ id }] },
      }),
    );
    expect(events.at(-1)!.type).toBe("complete");
    // The conversation's Markdown export shows the picture from where this instance serves it.
    const exported = await (
      await t.request(`/api/conversations/${events[0]!.conversationId as string}/export`, { token: ada })
    ).text();
    expect(exported).toContain(`## You · `);
    expect(exported).toContain(`What is in this picture?\n\n![Attached image 1](<${ORIGIN}${url}>)`);
    const linked = /!\[Attached image 1\]\(<([^>]+)>\)/.exec(exported)![1]!;
    expect(new Uint8Array(await (await t.request(new URL(linked).pathname)).arrayBuffer())).toEqual(TINY_PNG);
    const stolen = await t.request("/api/chat-stream", {
      method: "POST",
      token: bob,
      json: { message: "Mine now", model: "guide", images: [{ id }] },
    });
    expect(stolen.status).toBe(404);
  });

  it("accepts images of several megabytes, refuses a non-image as an image, and anything over 10 MB", async () => {
    const photo = new Uint8Array(3 * 1024 * 1024);
    photo.set(TINY_PNG);
    expect((await upload("/api/chat-images", ada, photo, "photo.png", "image/png")).status).toBe(201);
    expect(
      (
        await upload(
          "/api/chat-images",
          ada,
          new TextEncoder().encode("not an image"),
          "fake.png",
          "image/png",
        )
      ).status,
    ).toBe(415);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(TINY_PNG);
    expect((await upload("/api/chat-images", ada, big, "big.png", "image/png")).status).toBe(413);
    expect(
      (await t.request("/api/chat-images", { method: "POST", token: ada, json: { file: "x" } })).status,
    ).toBe(400);
    expect((await upload("/api/chat-images", "", TINY_PNG, "a.png")).status).toBe(401);
  });

  it("extracts text from text files and PDFs, cut to 2,000 characters", async () => {
    const long = "word ".repeat(1000);
    const txt = (await (
      await upload("/api/attachments/extract", ada, new TextEncoder().encode(long), "notes.md")
    ).json()) as { kind: string; text: string; truncated: boolean };
    expect(txt).toMatchObject({ kind: "text", truncated: true });
    expect(txt.text.length).toBe(TEXT_ATTACHMENT_MAX_CHARS);

    const pdf = (await (
      await upload(
        "/api/attachments/extract",
        ada,
        tinyPdf("Quarterly revenue grew by 12 percent"),
        "report.pdf",
      )
    ).json()) as { kind: string; text: string };
    expect(pdf.kind).toBe("pdf");
    expect(pdf.text).toContain("Quarterly revenue grew by 12 percent");

    expect(
      (await upload("/api/attachments/extract", ada, Uint8Array.from([0, 1, 2, 3, 0xff]), "data.bin")).status,
    ).toBe(415);
  });
});
