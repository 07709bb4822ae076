// Each test file gets a database of its own: PGlite in memory, or (in the postgres project) a fresh
// database created on the server named by the `databaseUrl` the vitest config provides.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/client";

declare module "vitest" {
  export interface ProvidedContext {
    dbKind: "pglite" | "postgres";
    databaseUrl: string;
    /** REDIS_URL of the run, or "" (then no *.redis.test.ts file runs). */
    redisUrl: string;
    /** The migrated PGlite database every in-memory one starts from (global-setup.ts), or "". */
    pgliteSeed: string;
  }
}

export const testDbKind = (): "pglite" | "postgres" => inject("dbKind");

/** A fresh, empty database on the PostgreSQL server the postgres project names, and its removal. */
export async function createScratchDatabase(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject("databaseUrl");
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
}

export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testDbKind() === "pglite")
    return openDatabase({ kind: "pglite", dataDir: null, seed: inject("pgliteSeed") || null });
  const scratch = await createScratchDatabase("tessera_t");
  // The DROP below ends this pool's connections; that is expected, not a failure.
  const handle = await openDatabase(
    { kind: "postgres", url: scratch.url },
    { onConnectionError: () => undefined },
  );
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}
