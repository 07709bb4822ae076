// What goes wrong with local models, and that each says so and leaves nothing half-made: a web page
// instead of a model, a file cut short by a server that cannot resume, a SHA-256 that does not match,
// no room on the disk, a model too big for the memory free, a download cancelled midway, one whose
// process stopped (resumed by the next), and a gated model (the token goes to the hub alone).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { LocalModelsResponse, ModelsResponse } from "@tessera/contracts";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createLogger } from "../../lib/logger";
import { startModelHub, type ModelHub } from "../../test/model-hub";
import { scratchDirs } from "../../test/scratch-dirs";
import { createTestApp, eventually, readSse, type TestApp } from "../../test/test-app";
import { writeTinyGguf } from "../../test/tiny-gguf";
import { createLocalModels } from "./create-local-models";

const dir = scratchDirs("tessera-local-model-failures-");
let hub: ModelHub;
let tiny: Buffer;
const apps: TestApp[] = [];
/** What the shared app's machine has free: a test makes it small, and puts it back. */
let freeMemory = Number.POSITIVE_INFINITY;
let freeDiskBlocks = Number.POSITIVE_INFINITY;
let app: Awaited<ReturnType<typeof appWith>>;

beforeAll(async () => {
  const path = join(dir(), "tiny.gguf");
  await writeTinyGguf(path);
  tiny = readFileSync(path);
  hub = await startModelHub();
  app = await appWith({
    freeMemory: () => freeMemory,
    statfs: () => Promise.resolve({ bavail: freeDiskBlocks, bsize: 4096 }),
  });
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await hub.close();
});

type Options = NonNullable<Parameters<typeof createTestApp>[1]>["localModels"];

async function appWith(localModels: Options = {}, env: Record<string, string> = {}) {
  const t = await createTestApp(
    { HF_ENDPOINT: hub.url, LOCAL_LLM_CONTEXT: "512", ...env },
    { localModels: { timings: { progressMs: 20, retryDelaysMs: [30, 60], idleMs: 2_000 }, ...localModels } },
  );
  apps.push(t);
  const admin = await t.newUser(`admin-${apps.length}@example.com`);
  const list = async () =>
    (await (await t.request("/api/admin/local-models", { token: admin })).json()) as LocalModelsResponse;
  const add = (json: unknown) => t.request("/api/admin/local-models", { method: "POST", token: admin, json });
  const until = (name: string, ok: (m: LocalModelsResponse["models"][number]) => boolean) =>
    eventually(
      async () => (await list()).models.find((m) => m.name === name),
      (m) => Boolean(m && ok(m)),
      15_000,
    );
  const folder = () => readdir(join(t.services.env.DATA_DIR, "models"));
  return { t, admin, list, add, until, folder };
}

const message = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

describe("local models that go wrong", () => {
  it("refuses a web page, and anything else that is not a GGUF file, before keeping a byte", async () => {
    const { add, list, folder } = app;
    const page = hub.add("acme/page", "model.gguf", Buffer.from("<!DOCTYPE html><html>Log in</html>"), {
      contentType: "text/html",
    });
    const res = await add({ url: page });
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(/answers with a web page, not a GGUF model/);
    const zip = await add({
      url: hub.add("acme/zip", "model.gguf", Buffer.from("PK\u0003\u0004 not a model")),
    });
    expect(await message(zip)).toMatch(/not a GGUF model/);
    const missing = await add({ url: `${hub.url}/acme/none/resolve/main/none.gguf` });
    expect(missing.status).toBe(400);
    expect(await message(missing)).toMatch(/no file at that address \(HTTP 404\)/);
    const unreachable = await add({ url: "http://127.0.0.1:1/model.gguf" });
    expect(await message(unreachable)).toMatch(/could not be reached/);
    expect((await list()).models).toEqual([]);
    expect(await folder()).toEqual([]);
  });

  it("fails a file cut short by a server that cannot resume, saying so and keeping nothing", async () => {
    const { add, until, folder } = app;
    const url = hub.add("acme/short", "short.gguf", tiny.subarray(0, 40_000), {
      ranges: false,
      claimedLength: tiny.length,
      bytesPerSecond: 80_000,
    });
    expect((await add({ url })).status).toBe(201);
    const failed = await until("short", (m) => m.status === "failed");
    expect(failed).toMatchObject({
      resumable: false,
      downloadedBytes: 0,
      error: expect.stringMatching(/stopped sending/) as unknown,
    });
    expect(await folder()).toEqual([]);
    // Three tries from the start: the first and two more, none getting further.
    expect(hub.requests.filter((r) => r.server === "cdn" && r.path.includes("short.gguf"))).toHaveLength(3);
  });

  it("removes a file whose SHA-256 is not the one given, and names both", async () => {
    const { add, until, folder } = app;
    const url = hub.add("acme/wrong", "wrong.gguf", tiny, { etag: null });
    const res = await add({ url, sha256: "ab".repeat(32) });
    expect(await res.json()).toMatchObject({ checksumSource: "admin" });
    const failed = await until("wrong", (m) => m.status === "failed");
    const actual = createHash("sha256").update(tiny).digest("hex");
    expect(failed?.error).toBe(
      `The file's SHA-256 (${actual.slice(0, 12)}…) is not the one was given (abababababab…), so it was removed.`,
    );
    expect(await folder()).toEqual([]);
    // A hub's ETag that does not match is caught the same way.
    const lying = hub.add("acme/lying", "lying.gguf", tiny, { etag: "cd".repeat(32) });
    expect((await add({ url: lying })).status).toBe(201);
    expect((await until("lying", (m) => m.status === "failed"))?.error).toMatch(
      /the server named \(cdcdcdcdcdcd…\)/,
    );
    // Without any checksum it is kept, and the page says nothing checked it.
    const unnamed = hub.add("acme/unnamed", "unnamed.gguf", tiny, { etag: null });
    expect((await add({ url: unnamed })).status).toBe(201);
    expect(await until("unnamed", (m) => m.status === "ready")).toMatchObject({ checksumSource: null });
    expect(await folder()).toEqual(["unnamed.gguf"]);
  });

  it("refuses a download the disk has no room for, up front", async () => {
    const { add, list } = app;
    freeDiskBlocks = 1000;
    try {
      const res = await add({ url: hub.add("acme/big", "big.gguf", tiny) });
      expect(res.status).toBe(507);
      expect(await message(res)).toMatch(
        /^Not enough disk space: the file is \d+ MB and the models folder's disk has 4 MB free\.$/,
      );
      expect((await list()).models.find((m) => m.name === "big")).toBeUndefined();
    } finally {
      freeDiskBlocks = Number.POSITIVE_INFINITY;
    }
  });

  it("says a model does not fit in the memory free, in the picker and in the chat", async () => {
    const { t, add, until } = app;
    expect((await add({ url: hub.add("acme/heavy", "heavy.gguf", tiny) })).status).toBe(201);
    await until("heavy", (m) => m.status === "ready");
    freeMemory = 8_000_000;
    onTestFinished(() => {
      freeMemory = Number.POSITIVE_INFINITY;
    });
    const member = await t.newUser("member@example.com");
    const models = (await (await t.request("/api/models", { token: member })).json()) as ModelsResponse;
    const heavy = models.groups.flatMap((g) => g.models).find((m) => m.id === "gguf/heavy");
    expect(heavy).toMatchObject({ available: false });
    expect(heavy?.unavailableReason).toMatch(/^Needs about \d+ MB of memory; the server has 8 MB free\.$/);
    const events = await readSse(
      await t.request("/api/chat-stream", {
        method: "POST",
        token: member,
        json: { message: "Hello?", model: "gguf/heavy" },
      }),
    );
    expect(events.at(-1)).toMatchObject({
      type: "error",
      message: expect.stringMatching(
        /^Not enough memory to load heavy: it needs about \d+ MB and the server has 8 MB free\.$/,
      ) as unknown,
    });
  });

  it("cancels a download midway: the row, the partial file and the connection go", async () => {
    const { t, admin, add, until, list, folder } = app;
    const url = hub.add("acme/slow", "slow.gguf", tiny, { bytesPerSecond: 20_000 });
    expect((await add({ url })).status).toBe(201);
    const midway = await until("slow", (m) => m.downloadedBytes > 0);
    expect(await folder()).toContain("slow.gguf.part");
    const res = await t.request(`/api/admin/local-models/${midway!.id}`, { method: "DELETE", token: admin });
    expect(res.status).toBe(204);
    expect((await list()).models.find((m) => m.name === "slow")).toBeUndefined();
    expect(await folder()).not.toContain("slow.gguf.part");
  });

  it("asks for the hub's token for a gated model, and sends it to the hub alone", async () => {
    const url = hub.add("acme/gated", "gated.gguf", tiny, { token: "hf_secret_token" });
    const refused = await app.add({ url });
    expect(refused.status).toBe(400);
    expect(await message(refused)).toMatch(/may be gated.*set HF_TOKEN/);

    const { add, until } = await appWith({}, { HF_TOKEN: "hf_secret_token" });
    expect((await add({ url })).status).toBe(201);
    await until("gated", (m) => m.status === "ready");
    const seen = hub.requests.filter((r) => r.path.includes("gated.gguf"));
    expect(seen.filter((r) => r.server === "hub").at(-1)?.authorization).toBe("Bearer hf_secret_token");
    // The file's own address is another origin: it never sees the token.
    expect(seen.filter((r) => r.server === "cdn").every((r) => r.authorization === undefined)).toBe(true);
  });

  it("resumes, from its partial file, a download whose process stopped", async () => {
    // Last: it stops the shared app's downloads.
    const { t, add, until, list } = app;
    const url = hub.add("acme/restart", "restart.gguf", tiny, { bytesPerSecond: 40_000 });
    expect((await add({ url })).status).toBe(201);
    await until("restart", (m) => m.downloadedBytes > 20_000);
    // The process stops: its downloads end, keep their partial files and hand back their leases.
    await t.services.localModels.close();
    const kept = (await stat(join(t.services.env.DATA_DIR, "models", "restart.gguf.part"))).size;
    expect(kept).toBeGreaterThan(20_000);
    expect((await list()).models.find((m) => m.name === "restart")).toMatchObject({ status: "downloading" });
    // The next one finds it at its first look, and asks for the rest.
    const next = createLocalModels({
      db: t.services.database.db,
      dataDir: t.services.env.DATA_DIR,
      hub: { endpoint: hub.url },
      runtime: { threads: 1, concurrency: 1, idleMs: 60_000, contextSize: 512, gpu: "off" },
      logger: createLogger("silent"),
      timings: { progressMs: 20 },
    });
    try {
      const ready = await until("restart", (m) => m.status === "ready");
      expect(ready?.sha256).toBe(createHash("sha256").update(tiny).digest("hex"));
      const ranges = hub.requests.filter((r) => r.server === "cdn" && r.path.includes("restart.gguf"));
      expect(ranges.at(-1)?.range).toBe(`bytes=${kept}-`);
    } finally {
      await next.close();
    }
  });
});
