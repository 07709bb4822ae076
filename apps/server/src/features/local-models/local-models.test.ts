// Admin → Local models through the real app, against a loopback model hub: a model added by its address
// downloads with progress, is cut off mid-file and goes on from where it stopped (HTTP Range), is
// checked against the SHA-256 the hub names, then answers in the chat as gguf/<name>, streaming, and
// Stop keeps what it said. Catalogue models and files placed on the server; who may do any of it.
import { readFileSync } from "node:fs";
import { copyFile, mkdir, readdir, writeFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { join } from "node:path";
import {
  LOCAL_MODEL_CATALOGUE,
  type LocalModelsResponse,
  type ModelsResponse,
  type StoredMessage,
} from "@tessera/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../db/schema";
import { startModelHub, type ModelHub } from "../../test/model-hub";
import { scratchDirs } from "../../test/scratch-dirs";
import { createTestApp, eventually, readSse, readUntil, type TestApp } from "../../test/test-app";
import { TINY_SENTENCE, writeTinyGguf } from "../../test/tiny-gguf";

const dir = scratchDirs("tessera-local-models-");
let hub: ModelHub;
let t: TestApp;
let admin: string;
let member: string;
let tiny: Buffer;
let endless: Buffer;

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

beforeAll(async () => {
  const at = dir();
  await writeTinyGguf(join(at, "tiny.gguf"));
  await writeTinyGguf(join(at, "endless.gguf"), { endless: true });
  tiny = readFileSync(join(at, "tiny.gguf"));
  endless = readFileSync(join(at, "endless.gguf"));
  hub = await startModelHub();
  t = await createTestApp(
    { HF_ENDPOINT: hub.url, LOCAL_LLM_CONTEXT: "512" },
    { localModels: { timings: { progressMs: 20, retryDelaysMs: [50, 100] } } },
  );
  admin = await t.newUser("admin@example.com"); // the first account is the instance admin
  member = await t.newUser("member@example.com");
});
afterAll(async () => {
  await t.close();
  await hub.close();
});

const list = async (token = admin) =>
  (await (await t.request("/api/admin/local-models", { token })).json()) as LocalModelsResponse;
const add = (json: unknown, token = admin) =>
  t.request("/api/admin/local-models", { method: "POST", token, json });
const until = (name: string, ok: (m: LocalModelsResponse["models"][number]) => boolean, ms = 15_000) =>
  eventually(
    async () => (await list()).models.find((m) => m.name === name),
    (m) => Boolean(m && ok(m)),
    ms,
  );
const chat = (model: string, message: string) =>
  t.request("/api/chat-stream", { method: "POST", token: member, json: { message, model } });

describe("Admin → Local models", () => {
  it("downloads by address with progress, resumes a cut by range, checks the hub's SHA-256, then answers in the chat", async () => {
    // Paced, so progress is seen on the way; the first request is cut off a third of the way in.
    const url = hub.add("acme/tiny-GGUF", "Tiny-Chat.Q8.gguf", tiny, {
      cuts: [Math.floor(tiny.length / 3)],
      bytesPerSecond: tiny.length * 2,
    });
    const res = await add({ url });
    expect(res.status).toBe(201);
    const created = (await res.json()) as LocalModelsResponse["models"][number];
    expect(created).toMatchObject({
      name: "tiny-chat.q8",
      modelId: "gguf/tiny-chat.q8",
      status: "downloading",
      sizeBytes: tiny.length,
      checksumSource: "etag",
    });
    const midway = await until("tiny-chat.q8", (m) => m.downloadedBytes > 0 && m.status === "downloading");
    expect(midway?.downloadedBytes).toBeLessThan(tiny.length);
    const ready = await until("tiny-chat.q8", (m) => m.status !== "downloading");
    expect(ready).toMatchObject({
      status: "ready",
      downloadedBytes: tiny.length,
      sha256: sha256(tiny),
      checksumSource: "etag",
      error: null,
      details: { architecture: "llama", chatTemplate: true },
    });
    // The second request went on from the byte the first was cut at.
    const fileRequests = hub.requests.filter((r) => r.server === "cdn" && r.path.includes("Tiny-Chat"));
    expect(fileRequests.map((r) => r.range)).toEqual([undefined, `bytes=${Math.floor(tiny.length / 3)}-`]);
    expect(await readdir(join(t.services.env.DATA_DIR, "models"))).toEqual(["tiny-chat.q8.gguf"]);

    const models = (await (await t.request("/api/models", { token: member })).json()) as ModelsResponse;
    const openSource = models.groups.find((g) => g.id === "open-source")!.models;
    expect(openSource.find((m) => m.id === "gguf/tiny-chat.q8")).toMatchObject({
      available: true,
      provider: "llama-cpp",
    });

    const events = await readSse(await chat("gguf/tiny-chat.q8", "Who are you?"));
    expect(events[0]).toMatchObject({ type: "start", model: "gguf/tiny-chat.q8" });
    const text = events.flatMap((e) => (e.type === "chunk" ? [e.content as string] : [])).join("");
    expect(text.trim()).toBe(TINY_SENTENCE);
    expect(events.filter((e) => e.type === "chunk").length).toBeGreaterThan(3);
    expect(events.at(-1)).toMatchObject({ type: "complete" });
    expect(events.at(-1)?.outputTokens).toBeGreaterThanOrEqual(8);
    // Run in the server: it cost nothing (not an unknown cost).
    const [stored] = await t.services.database.db
      .select({ cost: messages.cost })
      .from(messages)
      .where(eq(messages.id, events.at(-1)?.messageId as string));
    expect(stored?.cost).toBe(0);
  });

  it("keeps what a local model said when Stop is pressed", async () => {
    const url = hub.add("acme/endless-GGUF", "endless.gguf", endless);
    expect((await add({ url })).status).toBe(201);
    await until("endless", (m) => m.status === "ready");
    const res = await chat("gguf/endless", "Tell me everything.");
    let chunks = 0;
    const { reader, events } = await readUntil(res, (e) => e.type === "chunk" && ++chunks === 5);
    const start = events.find((e) => e.type === "start")!;
    // Stop, as the page does, while it leaves the stream.
    const [stop] = await Promise.all([
      t.request("/api/chat-stream/stop", {
        method: "POST",
        token: member,
        json: { messageId: start.messageId },
      }),
      reader.cancel(),
    ]);
    expect(stop.status).toBe(204);
    const answerOf = async () =>
      (
        (await (
          await t.request(`/api/conversations/${start.conversationId as string}/messages`, { token: member })
        ).json()) as StoredMessage[]
      ).find((m) => m.role === "assistant")!;
    await expect.poll(async () => (await answerOf()).status, { timeout: 5_000 }).toBe("interrupted");
    const answer = await answerOf();
    expect(answer.content).toMatch(/^\s*Hello from a tiny/);
    expect(answer.content).toContain("[Response interrupted]");
  });

  it("downloads a catalogue model from HF_ENDPOINT under the catalogue's name", async () => {
    const entry = LOCAL_MODEL_CATALOGUE[0]!;
    hub.add(entry.repo, entry.file, tiny);
    const res = await add({ catalogueId: entry.id });
    expect(res.status).toBe(201);
    const created = (await res.json()) as LocalModelsResponse["models"][number];
    expect(created).toMatchObject({ source: "catalogue", catalogueId: entry.id, checksumSource: "etag" });
    await until(created.name, (m) => m.status === "ready");
    const models = (await (await t.request("/api/models", { token: member })).json()) as ModelsResponse;
    const listed = models.groups.flatMap((g) => g.models).find((m) => m.id === created.modelId);
    expect(listed?.name).toBe(entry.name);
    expect((await add({ catalogueId: entry.id })).status).toBe(409);
    expect((await add({ catalogueId: "no-such-model" })).status).toBe(400);
  });

  it("adds a file already in the models folder, and refuses one outside it or not a model", async () => {
    const folder = join(t.services.env.DATA_DIR, "models");
    await mkdir(join(folder, "placed"), { recursive: true });
    const source = join(dir(), "placed.gguf");
    await writeTinyGguf(source);
    await copyFile(source, join(folder, "placed", "My Placed.gguf"));
    expect((await list()).files.map((f) => f.path)).toContain("placed/My Placed.gguf");

    const res = await add({ path: "placed/My Placed.gguf" });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ name: "my-placed", source: "file", status: "ready" });
    expect((await list()).files.map((f) => f.path)).not.toContain("placed/My Placed.gguf");

    const outside = await add({ path: "../pglite/PG_VERSION" });
    expect(outside.status).toBe(400);
    expect(((await outside.json()) as { error: { message: string } }).error.message).toMatch(
      /not inside the models folder/,
    );
    await writeFile(join(folder, "notes.gguf"), "just some text");
    const notModel = await add({ path: "notes.gguf" });
    expect(notModel.status).toBe(415);
    expect(((await notModel.json()) as { error: { message: string } }).error.message).toMatch(
      /not a usable GGUF model/,
    );
    expect((await add({ path: "missing.gguf" })).status).toBe(404);

    // Removing it keeps the admin's own file.
    const placed = (await list()).models.find((m) => m.name === "my-placed")!;
    expect(
      (await t.request(`/api/admin/local-models/${placed.id}`, { method: "DELETE", token: admin })).status,
    ).toBe(204);
    expect(await readdir(join(folder, "placed"))).toEqual(["My Placed.gguf"]);
  });

  it("is for instance admins only, and validates what it is sent", async () => {
    expect((await t.request("/api/admin/local-models")).status).toBe(401);
    expect((await t.request("/api/admin/local-models", { token: member })).status).toBe(403);
    expect((await add({ url: "http://127.0.0.1:1/x.gguf" }, member)).status).toBe(403);
    expect(
      (
        await t.request("/api/admin/local-models/00000000-0000-4000-8000-000000000000", {
          method: "DELETE",
          token: member,
        })
      ).status,
    ).toBe(403);
    const bad = await add({ url: "ftp://example.com/x.gguf" });
    expect(bad.status).toBe(400);
    expect((await add({ nothing: true })).status).toBe(400);
    expect((await add({ url: "https://example.com/x.gguf", sha256: "abc" })).status).toBe(400);
    expect(
      (await t.request("/api/admin/local-models/not-an-id", { method: "DELETE", token: admin })).status,
    ).toBe(400);
    expect(
      (
        await t.request("/api/admin/local-models/00000000-0000-4000-8000-000000000000", {
          method: "DELETE",
          token: admin,
        })
      ).status,
    ).toBe(404);
  });
});
