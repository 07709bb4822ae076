// A new PGlite data folder from the dump the build ships: the same database as initdb makes, every
// migration applied even when the dump is older than the migrations, a working server on it that
// keeps its data across a restart, and initdb as before when the dump is unusable. A database kept in
// memory starts from a dump too when given one.
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { describe, expect, it } from "vitest";
import { scratchDirs } from "../test/scratch-dirs";
import { createTestApp } from "../test/test-app";
import { migrationsFolder, openDatabase, PGLITE_SHARED_BUFFERS, type DatabaseHandle } from "./client";
import { writePgliteSeed } from "./pglite-data-dir";

const tempDir = scratchDirs("tessera-seed-");

async function rows<T>(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await handle.db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** What tells a database from another one made by initdb, and what must match between them. */
async function describeDatabase(handle: DatabaseHandle) {
  const [cluster] = await rows<{ id: string }>(
    handle,
    sql`select system_identifier::text as id from pg_control_system()`,
  );
  const [setup] = await rows<Record<string, string>>(
    handle,
    sql`select current_database() as database, current_user as "user",
          pg_encoding_to_char(encoding) as encoding, datcollate as collate, datctype as ctype,
          current_setting('server_encoding') as server_encoding, current_setting('TimeZone') as timezone,
          current_setting('shared_buffers') as shared_buffers
        from pg_database where datname = current_database()`,
  );
  const migrations = await rows<{ hash: string; created_at: string }>(
    handle,
    sql`select hash, created_at::text from drizzle.__drizzle_migrations order by created_at`,
  );
  return { systemId: cluster!.id, setup, migrations };
}

describe("a new PGlite data folder", () => {
  it("is unpacked from the dump, migrated past it, and serves sign-up across a restart", async () => {
    // A dump made before the newest migration existed: opening it must apply that one.
    const journal = JSON.parse(readFileSync(join(migrationsFolder(), "meta/_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    expect(journal.entries.length).toBeGreaterThan(1);
    const olderMigrations = join(tempDir(), "drizzle");
    cpSync(migrationsFolder(), olderMigrations, { recursive: true });
    writeFileSync(
      join(olderMigrations, "meta/_journal.json"),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }),
    );
    const seed = join(tempDir(), "pglite-seed.tar.gz");
    await writePgliteSeed(seed, olderMigrations);

    const expected = readMigrationFiles({ migrationsFolder: migrationsFolder() }).map((m) => ({
      hash: m.hash,
      created_at: String(m.folderMillis),
    }));

    // In memory (as every test file's database starts): migrated past the dump.
    const inMemory = await openDatabase({ kind: "pglite", dataDir: null, seed });
    const inMemoryState = await describeDatabase(inMemory);
    await inMemory.close();
    expect(inMemoryState.migrations).toEqual(expected);
    expect(inMemoryState.setup!.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);

    // In a folder: the same cluster as in memory, both from the dump (initdb gives each its own id).
    const root = tempDir();
    const dataDir = join(root, "pglite");
    const first = await openDatabase({ kind: "pglite", dataDir, seed });
    const fromSeed = await describeDatabase(first);
    expect(fromSeed.systemId).toBe(inMemoryState.systemId);
    expect(fromSeed.migrations).toEqual(expected);
    expect(fromSeed.setup!.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
    expect(readdirSync(root)).toEqual(["pglite"]); // the staging folder is gone

    let app = await createTestApp({}, { database: first });
    await app.newUser("seeded@example.com");
    await app.close();

    // A restart opens the folder as it is (the dump is only for a new folder).
    const second = await openDatabase({ kind: "pglite", dataDir, seed });
    expect(await describeDatabase(second)).toEqual(fromSeed);
    app = await createTestApp({}, { database: second });
    expect((await app.signIn("seeded@example.com")).status).toBe(200);
    await app.close();

    // An unusable dump: initdb creates the folder as without one, and it is the same database.
    const broken = join(tempDir(), "broken.tar.gz");
    writeFileSync(broken, readFileSync(seed).subarray(0, 100_000));
    const initdbDir = join(tempDir(), "pglite");
    const created = await openDatabase({ kind: "pglite", dataDir: initdbDir, seed: broken });
    const fromInitdb = await describeDatabase(created);
    await created.close();
    expect(fromInitdb.systemId).not.toBe(fromSeed.systemId);
    expect(fromInitdb.setup).toEqual(fromSeed.setup);
    expect(fromInitdb.migrations).toEqual(expected);
    expect(existsSync(join(initdbDir, "PG_VERSION"))).toBe(true);
    // Two initdbs (one for the dump, one in a child process), five opens: slow on a busy machine.
  }, 180_000);
});
