// A job survives the death of the process that held it, with real processes on one PostgreSQL
// database: an image started on process A is being drawn by A (the only process then) when A is killed with SIGKILL; process B
// takes it over once A's lease has run out, draws it again and stores it. Its progress is read through
// B all along (from the row while A holds it), and a page following it on B sees it move live.
import type { ChildProcess } from "node:child_process";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { GeneratedImage } from "@tessera/contracts";
import { Resvg } from "@resvg/resvg-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchDirs } from "../test/scratch-dirs";
import { freePort, signUpThroughLog, startServerProcess, waitHealthy } from "../test/server-process";
import { createScratchDatabase } from "../test/test-database";
import type { JobView } from "./queue";

const LEASE_MS = 3_000;
const running: ChildProcess[] = [];
let drop: () => Promise<void>;
let databaseUrl: string;
const newDataDir = scratchDirs("tessera-jobs-");

/** An image server that holds every drawing until the test lets it answer. */
const held: ServerResponse[] = [];
let drawings = 0;
let imageUrl = "";
const png = new Resvg(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="36"><rect width="64" height="36" fill="#36a"/></svg>',
)
  .render()
  .asPng();
const imageServer = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    if (req.method !== "POST" || req.url !== "/v1/images/generations") {
      res.writeHead(404).end();
      return;
    }
    drawings++;
    held.push(res);
  });
});
const answerHeld = () => {
  for (const res of held.splice(0)) {
    if (res.destroyed) continue;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ created: 1, data: [{ b64_json: Buffer.from(png).toString("base64") }] }));
  }
};

beforeAll(async () => {
  await new Promise<void>((r) => imageServer.listen(0, "127.0.0.1", r));
  imageUrl = `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}`;
  const scratch = await createScratchDatabase("tessera_jobs");
  databaseUrl = scratch.url;
  drop = scratch.drop;
});
afterAll(async () => {
  for (const p of running.splice(0)) if (p.exitCode === null) p.kill("SIGKILL");
  for (const res of held.splice(0)) res.destroy();
  imageServer.closeAllConnections();
  await new Promise((r) => imageServer.close(r));
  await drop();
});

async function startProcess() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const p = startServerProcess({
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: newDataDir(),
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: "jobs-across-processes-secret-0123456789",
    ENCRYPTION_KEY: "ef".repeat(32),
    OPENAI_IMAGES_BASE_URL: `${imageUrl}/v1`,
    OPENAI_IMAGES_MODELS: "slow",
    STREAM_LEASE_MS: String(LEASE_MS),
    IMAGE_TIMEOUT_MS: "120000",
  });
  running.push(p.child);
  await waitHealthy(url, 120).catch((err: unknown) => {
    throw new Error(`${String(err)}\n${p.output()}`);
  });
  return { ...p, url };
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`gave up waiting; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("a job whose process is killed", () => {
  it("is taken over by another process, finished there, and followed there throughout", async () => {
    const a = await startProcess();
    const token = await signUpThroughLog(a.url, a.output, "jobs-survive@example.com");
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json", origin: a.url };
    const jobOn = async (url: string, id: string) => {
      const res = await fetch(`${url}/api/jobs/${id}`, { headers });
      expect(res.status).toBe(200);
      return (await res.json()) as JobView;
    };

    const started = await fetch(`${a.url}/api/image-generation`, {
      method: "POST",
      headers,
      body: JSON.stringify({ prompt: "A lighthouse at dusk", model: "custom/slow", aspect_ratio: "16:9" }),
    });
    expect(started.status).toBe(202);
    const image = (await started.json()) as GeneratedImage;
    await until(
      () => Promise.resolve(drawings),
      (n) => n === 1,
    );
    // A draws it (B starts only now, so A is the one that took it); B answers for it from the row.
    const b = await startProcess();
    const onA = await until(
      () => jobOn(b.url, image.id),
      (j) => j.progress === 10,
    );
    expect(onA).toMatchObject({ kind: "image", status: "running", attempts: 1, note: "Drawing the image" });

    // A page follows it on B while A is killed.
    const events = await fetch(`${b.url}/api/jobs/${image.id}/events`, { headers });
    expect(events.status).toBe(200);
    let seen = "";
    const reading = (async () => {
      const reader = events.body!.getReader() as ReadableStreamDefaultReader<Uint8Array>;
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        seen += decoder.decode(value, { stream: true });
      }
    })();

    a.child.kill("SIGKILL");
    await a.exited;
    // Once A's lease has run out, B's sweep queues it again and B takes it: a second drawing.
    await until(
      () => Promise.resolve(drawings),
      (n) => n === 2,
      LEASE_MS * 4 + 10_000,
    );
    const onB = await until(
      () => jobOn(b.url, image.id),
      (j) => j.attempts === 2 && j.progress === 10,
    );
    expect(onB).toMatchObject({ status: "running", note: "Drawing the image" });

    answerHeld();
    const done = await until(
      () => jobOn(b.url, image.id),
      (j) => j.status === "succeeded",
    );
    expect(done).toMatchObject({ progress: 100, result: { imageId: image.id }, error: null });
    const stored = (await (
      await fetch(`${b.url}/api/images/${image.id}`, { headers })
    ).json()) as GeneratedImage;
    expect(stored).toMatchObject({ id: image.id, status: "completed", width: 64, height: 36 });

    await reading;
    const states = seen
      .split("\n")
      .filter((l) => l.startsWith("data:"))
      .map((l) => JSON.parse(l.slice(5)) as JobView)
      .map((j) => `${j.status}:${j.attempts}`);
    expect(states[0]).toBe("running:1");
    expect(states).toContain("queued:1");
    expect(states).toContain("running:2");
    expect(states.at(-1)).toBe("succeeded:2");
  }, 120_000);
});
