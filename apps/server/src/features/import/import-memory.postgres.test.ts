// A 50 MB ChatGPT export imports without the server's memory growing past 200 MB: the upload is
// spooled to disk and read a conversation at a time. Measured from outside the server process (its
// VmRSS, sampled through the import), on the PostgreSQL server so the database's own memory is not
// the process's.
import { mkdtempSync, openAsBlob, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ImportJob } from "@tessera/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../../test/test-database";
import {
  freePort,
  signUpThroughLog,
  startServerProcess,
  waitHealthy,
  type ServerProcess,
} from "../../test/server-process";
import { GENERATED_MESSAGES_PER_CONVERSATION, writeChatGptExport } from "./fixtures/generate-chatgpt-export";

const GROWTH_LIMIT_BYTES = 200 * 1024 * 1024;
const FILE_BYTES = 50 * 1024 * 1024;

function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(/(\d+)/.exec(line ?? "")?.[1] ?? 0) * 1024;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

let dir: string;
let server: ServerProcess;
let base: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tessera-import-memory-"));
  const scratch = await createScratchDatabase("tessera_import_mem");
  drop = scratch.drop;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startServerProcess({
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    DATA_DIR: join(dir, "data"),
    DATABASE_URL: scratch.url,
    RATE_LIMIT_SIGN_UP: "1000",
    RATE_LIMIT_SIGN_IN: "1000",
  });
  await waitHealthy(base, 90);
}, 120_000);

afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  await drop?.();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

async function upload(token: string, path: string) {
  const form = new FormData();
  form.append("file", await openAsBlob(path), "conversations.json");
  return fetch(`${base}/api/conversations/import`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, origin: base },
    body: form,
  });
}

describe("importing a 50 MB ChatGPT export", () => {
  it("keeps the server's memory growth under 200 MB", async () => {
    const token = await signUpThroughLog(base, server.output, "memory@example.com");
    const pid = server.child.pid!;
    // Warmed up first: the import's code loaded and run once on a small file.
    const small = join(dir, "small.json");
    await writeChatGptExport(small, 200 * 1024);
    expect((await upload(token, small)).status).toBe(200);
    const file = join(dir, "conversations.json");
    const count = await writeChatGptExport(file, FILE_BYTES);
    const baseline = rssOf(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 50);
    try {
      const res = await upload(token, file);
      expect(res.status).toBe(202);
      const { jobId } = (await res.json()) as { jobId: string };
      let job: ImportJob | undefined;
      for (let i = 0; i < 1200 && job?.status !== "done" && job?.status !== "failed"; i++) {
        await new Promise((r) => setTimeout(r, 100));
        const poll = await fetch(`${base}/api/conversations/import/${jobId}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        job = (await poll.json()) as ImportJob;
      }
      expect(job).toMatchObject({ status: "done", imported: count });
      expect(job!.result!.messages).toBe(count * GENERATED_MESSAGES_PER_CONVERSATION);
    } finally {
      clearInterval(sampler);
    }
    const growth = peak - baseline;
    expect(growth, `RSS ${mb(baseline)} → peak ${mb(peak)}`).toBeLessThan(GROWTH_LIMIT_BYTES);
  }, 150_000);
});
