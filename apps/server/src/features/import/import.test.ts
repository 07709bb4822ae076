import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32, deflateRawSync } from "node:zlib";
import type {
  ConversationsExport,
  ImportJob,
  ImportPreview,
  ImportResult,
  StoredMessage,
} from "@tessera/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, eventually, type TestApp } from "../../test/test-app";
import { writeChatGptExport } from "./fixtures/generate-chatgpt-export";
import { SKIP } from "./formats/imported";

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "fixtures", name));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** As a browser sends it: multipart, the file in the field "file". */
function asForm(bytes: Uint8Array, name = "conversations.json") {
  const form = new FormData();
  form.append("note", "ignored");
  form.append("file", new Blob([bytes]), name);
  return form;
}

const importFile = (token: string, body: RequestInit["body"], preview = false) =>
  t.request(`/api/conversations/import${preview ? "?preview=1" : ""}`, { method: "POST", token, body });

async function exported(token: string): Promise<ConversationsExport> {
  const res = await t.request("/api/conversations/export", { token });
  expect(res.status).toBe(200);
  return (await res.json()) as ConversationsExport;
}

const messagesOf = async (token: string, id: string) =>
  (await (await t.request(`/api/conversations/${id}/messages`, { token })).json()) as StoredMessage[];

describe("import from ChatGPT", () => {
  it("previews without writing, then imports the current branch of each tree", async () => {
    const token = await t.newUser("gpt-import@example.com");
    const other = await t.newUser("gpt-bystander@example.com");
    const res = await importFile(token, asForm(fixture("chatgpt-conversations.json")), true);
    expect(res.status).toBe(200);
    const preview = (await res.json()) as ImportPreview;
    expect(preview).toMatchObject({
      format: "chatgpt",
      conversations: 2,
      messages: 6,
      models: ["gpt-4o", "gpt-4o-mini"],
    });
    expect(preview.from).toBe("2024-06-01T00:00:10.000Z");
    expect(preview.skipped).toEqual(
      expect.arrayContaining([
        { code: "hidden", reason: SKIP.hidden, count: 4 },
        { code: "attachments", reason: SKIP.attachments, count: 1 },
        { code: "noMessages", reason: SKIP.noMessages, count: 1 },
      ]),
    );
    expect((await exported(token)).conversations).toEqual([]);

    const done = await importFile(token, asForm(fixture("chatgpt-conversations.json")));
    expect(done.status).toBe(200);
    expect((await done.json()) as ImportResult).toMatchObject({
      format: "chatgpt",
      imported: 2,
      messages: 6,
    });
    const { conversations } = await exported(token);
    expect(conversations.map((c) => c.title)).toEqual(["Sourdough starter", "Edited question"]);
    const [sourdough, edited] = conversations;
    expect(sourdough!.created_at).toBe("2024-06-01T00:00:00.500Z");
    expect(sourdough!.model).toBe("gpt-4o");
    expect(sourdough!.messages.map((m) => [m.role, m.content, m.model])).toEqual([
      ["user", "How often should I feed my starter?", null],
      ["assistant", "Once a day at room temperature.", "gpt-4o"],
      ["user", "Work out the flour for a week.", null],
      ["assistant", "About 350 g of flour a week.", "gpt-4o"],
    ]);
    expect(edited!.messages.map((m) => m.content)).toEqual(["First try, edited", "Answer to the edit."]);
    expect((await messagesOf(token, sourdough!.id)).length).toBe(4);
    // Someone else sees none of it, and cannot open it.
    expect((await exported(other)).conversations).toEqual([]);
    expect((await t.request(`/api/conversations/${sourdough!.id}`, { token: other })).status).toBe(404);
  });

  it("reads conversations.json out of ChatGPT's zip", async () => {
    const token = await t.newUser("gpt-zip@example.com");
    const res = await importFile(
      token,
      asForm(zipOf("conversations.json", fixture("chatgpt-conversations.json")), "export.zip"),
      true,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ format: "chatgpt", conversations: 2 });
  });
});

describe("import from Open WebUI and LibreChat", () => {
  it("keeps Open WebUI's current branch, in order even within one second", async () => {
    const token = await t.newUser("owu@example.com");
    // The JSON as the body, not a form.
    const res = await importFile(token, fixture("open-webui-export.json"));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ format: "open-webui", imported: 1, messages: 3 });
    const [chat] = (await exported(token)).conversations;
    expect(chat!.title).toBe("Trip to Lisbon");
    expect(chat!.model).toBe("qwen2.5:7b");
    expect(chat!.messages.map((m) => [m.content, m.created_at])).toEqual([
      ["Three days in Lisbon: what to see?", "2024-07-03T09:46:40.000Z"],
      ["Belém, Alfama and Sintra.", "2024-07-03T09:46:49.000Z"],
      ["And where to eat?", "2024-07-03T09:46:49.001Z"],
    ]);
  });

  it("keeps LibreChat's newest branch and text from content parts", async () => {
    const token = await t.newUser("libre@example.com");
    const res = await importFile(token, asForm(fixture("librechat-export.json")));
    expect(res.status).toBe(200);
    const result = (await res.json()) as ImportResult;
    expect(result).toMatchObject({ format: "librechat", imported: 1, messages: 2 });
    expect(result.skipped).toContainEqual({ code: "hidden", reason: SKIP.hidden, count: 1 });
    const [chat] = (await exported(token)).conversations;
    expect(chat!.messages.map((m) => [m.role, m.content, m.model, m.tokens_used])).toEqual([
      ["user", "A regex for UK postcodes?", null, null],
      ["assistant", "Try ^[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2}$", "gpt-4o", 42],
    ]);
  });
});

describe("Tessera's own export", () => {
  it("comes back the same through an import", async () => {
    const token = await t.newUser("roundtrip@example.com");
    const original = tesseraExport();
    const res = await importFile(token, asForm(new TextEncoder().encode(JSON.stringify(original))));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ format: "tessera", imported: 2, messages: 3 });
    const back = await exported(token);
    // Ids are new on import; the tree they make is compared by each message's place in the list.
    const withoutIds = (e: ConversationsExport) =>
      e.conversations.map(({ id: _id, messages, ...c }) => {
        const at = (id: string | null | undefined) => (id ? messages.findIndex((m) => m.id === id) : id);
        return {
          ...c,
          messages: messages.map(({ id: _m, conversation_id: _c, ...m }) => ({
            ...m,
            ...(m.parent_id !== undefined ? { parent_id: at(m.parent_id) } : {}),
            ...(m.replaced_by !== undefined ? { replaced_by: at(m.replaced_by) } : {}),
            ...(m.versions ? { versions: m.versions.map(at) } : {}),
          })),
        };
      });
    const expected = withoutIds(original as ConversationsExport);
    // An answer that was still streaming when exported has stopped: nothing writes it any more.
    expected[1]!.messages[0]!.status = "interrupted";
    // A field this version does not know is passed over, not refused.
    delete (expected[0]!.messages[1] as Record<string, unknown>).reactions;
    expect(withoutIds(back)).toMatchObject(expected);

    // And an export of this instance, imported by someone else, exports the same again: whatever
    // fields the export grows, an import that dropped one would show here.
    const again = await t.newUser("roundtrip-again@example.com");
    const second = await importFile(again, asForm(new TextEncoder().encode(JSON.stringify(back))));
    expect(second.status).toBe(200);
    expect(withoutIds(await exported(again))).toEqual(withoutIds(back));
  });
});

describe("files that are not exports", () => {
  it("refuses foreign, broken and empty files with 400 and writes nothing", async () => {
    const token = await t.newUser("foreign@example.com");
    const cases: [RequestInit["body"], RegExp][] = [
      [JSON.stringify({ hello: "world" }), /not an export Tessera can import/],
      [JSON.stringify([{ name: "a list of something else" }]), /not an export Tessera can import/],
      [fixture("chatgpt-conversations.json").subarray(0, 3000), /not valid JSON/],
      ["%PDF-1.7 not json at all", /not an export Tessera can import/],
      [JSON.stringify({ format: "tessera.conversations/9", conversations: [] }), /not an export/],
      [asForm(zipOf("other.txt", new TextEncoder().encode("hi")), "x.zip"), /no conversations.json/],
      [asForm(new Uint8Array(0)), /empty/],
    ];
    for (const [body, message] of cases) {
      for (const preview of [true, false]) {
        const res = await importFile(token, body, preview);
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(message);
      }
    }
    expect((await exported(token)).conversations).toEqual([]);
  });

  it("answers 413 past the limit, 401 without a session", async () => {
    const token = await t.newUser("large@example.com");
    const res = await t.request("/api/conversations/import", {
      method: "POST",
      token,
      headers: { "content-length": String(101 * 1024 * 1024), "content-type": "application/json" },
      body: "[]",
    });
    expect(res.status).toBe(413);
    expect((await t.request("/api/conversations/import", { method: "POST", body: "[]" })).status).toBe(401);
  });
});

describe("rate limit", () => {
  it("allows a person 30 imports or previews an hour, then 429", async () => {
    const token = await t.newUser("many-imports@example.com");
    const other = await t.newUser("few-imports@example.com");
    const body = fixture("librechat-export.json");
    for (let i = 0; i < 30; i++) expect((await importFile(token, body, true)).status).toBe(200);
    const refused = await importFile(token, body, true);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    // Counted per person.
    expect((await importFile(other, body, true)).status).toBe(200);
  }, 60_000);
});

describe("a large import", () => {
  it("runs in the background as a job only its owner can follow", async () => {
    const token = await t.newUser("big-import@example.com");
    const other = await t.newUser("big-bystander@example.com");
    const dir = mkdtempSync(join(tmpdir(), "tessera-import-"));
    try {
      const path = join(dir, "conversations.json");
      const count = await writeChatGptExport(path, 5.2 * 1024 * 1024);
      const res = await importFile(token, asForm(readFileSync(path)));
      expect(res.status).toBe(202);
      const { jobId } = (await res.json()) as { jobId: string };
      expect((await t.request(`/api/conversations/import/${jobId}`, { token: other })).status).toBe(404);
      const job = await eventually(
        async () =>
          (await (await t.request(`/api/conversations/import/${jobId}`, { token })).json()) as ImportJob,
        (j) => j.status === "done" || j.status === "failed",
        60_000,
      );
      expect(job).toMatchObject({ status: "done", progress: 100, imported: count, error: null });
      expect(job.result).toMatchObject({ format: "chatgpt", imported: count, messages: count * 6 });
      expect((await exported(other)).conversations).toEqual([]);
      expect((await t.request("/api/conversations/import/not-a-uuid", { token })).status).toBe(400);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});

function tesseraExport() {
  const message = (over: Partial<StoredMessage> & Record<string, unknown>) => ({
    id: "m",
    conversation_id: "c",
    role: "user",
    content: "",
    created_at: "2026-01-01T00:00:00.000Z",
    tokens_used: null,
    model: null,
    sources: [],
    images: [],
    status: "complete",
    ...over,
  });
  return {
    format: "tessera.conversations/1",
    exported_at: "2026-02-01T00:00:00.000Z",
    conversations: [
      {
        id: "c1",
        title: "Bees in winter",
        model: "tessera-local",
        created_at: "2026-01-01T00:00:00.000Z",
        updated_at: "2026-01-01T00:05:00.123Z",
        messages: [
          message({ content: "Do bees sleep?", images: [{ id: "i1", url: "/files/chat-images/abc.png" }] }),
          message({
            role: "assistant",
            content: "They cluster [1].",
            created_at: "2026-01-01T00:00:01.250Z",
            tokens_used: 12,
            model: "tessera-local",
            sources: [
              { title: "Bees", url: "https://example.org/bees", domain: "example.org", snippet: "…" },
            ],
            tool_calls: [
              {
                id: "call-1",
                name: "web_search",
                input: { query: "bees winter" },
                output: "Bees cluster to keep warm.",
                isError: false,
                durationMs: 120,
                approval: "approved",
              },
            ],
            // A later version's field: passed over.
            reactions: [{ emoji: "bee" }],
          }),
        ],
      },
      {
        id: "c2",
        title: "Cut short",
        model: null,
        created_at: "2026-01-02T00:00:00.000Z",
        updated_at: "2026-01-02T00:00:00.000Z",
        messages: [
          message({
            role: "assistant",
            content: "Partial",
            status: "streaming",
            created_at: "2026-01-02T00:00:00.000Z",
          }),
        ],
      },
    ],
  };
}

/** A one-entry zip, deflated, as ChatGPT's export is. */
function zipOf(name: string, data: Uint8Array): Uint8Array {
  const packed = deflateRawSync(data);
  const nameBytes = Buffer.from(name);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(0, 42);
  const dirOffset = local.length + nameBytes.length + packed.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(dirOffset, 16);
  return Buffer.concat([local, nameBytes, packed, central, nameBytes, end]);
}
