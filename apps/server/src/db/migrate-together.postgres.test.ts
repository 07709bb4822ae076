// Two server processes started at the same moment on an empty PostgreSQL database: both come up, and
// the migrations are applied once, one process after the other under the advisory lock.
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchDirs } from "../test/scratch-dirs";
import {
  freePort,
  serverRoot,
  startServerProcess,
  waitHealthy,
  type ServerProcess,
} from "../test/server-process";
import { createScratchDatabase } from "../test/test-database";

const journal = JSON.parse(readFileSync(join(serverRoot, "drizzle/meta/_journal.json"), "utf8")) as {
  entries: { tag: string }[];
};
const newDataDir = scratchDirs("tessera-migrate-");
const running: ChildProcess[] = [];
let databaseUrl: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  const scratch = await createScratchDatabase("tessera_migrate");
  databaseUrl = scratch.url;
  drop = scratch.drop;
});
afterAll(async () => {
  for (const p of running) if (p.exitCode === null) p.kill("SIGKILL");
  await drop();
});

async function start(): Promise<{ url: string; process: ServerProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const process = startServerProcess({
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: newDataDir(),
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: "migrate-together-instance-secret-0123456789",
    ENCRYPTION_KEY: "ab".repeat(32),
  });
  running.push(process.child);
  return { url, process };
}

describe("two processes started together on an empty database", () => {
  it("both come up, with one set of migrations applied", async () => {
    const [a, b] = await Promise.all([start(), start()]);
    await Promise.all([waitHealthy(a.url, 120), waitHealthy(b.url, 120)]);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string; distinct: string }>(
        "select count(*) as n, count(distinct hash) as distinct from drizzle.__drizzle_migrations",
      );
      expect(Number(rows[0]!.n)).toBe(journal.entries.length);
      expect(Number(rows[0]!.distinct)).toBe(journal.entries.length);
      // The schema is whole: a table from the last migration answers.
      const tables = await client.query<{ n: string }>(
        "select count(*) as n from information_schema.tables where table_schema = 'public'",
      );
      expect(Number(tables.rows[0]!.n)).toBeGreaterThan(20);
    } finally {
      await client.end();
    }
    // Neither process failed its start: both still answer, and neither logged a migration error.
    for (const p of [a, b]) {
      expect(p.process.child.exitCode).toBeNull();
      expect(p.process.output()).not.toMatch(/already exists|duplicate key|migration failed/i);
    }
  }, 150_000);
});
