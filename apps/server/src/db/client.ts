// One Drizzle schema over two drivers: PGlite (Postgres in WASM, files under DATA_DIR) by default,
// a PostgreSQL server through `pg` when DATABASE_URL is set. Migrations are applied on open.
import { dirname } from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { findUp } from "../lib/paths";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  kind: DbKind;
  close(): Promise<void>;
}

/** The migrations folder ships beside the package, wherever this module was bundled to. */
export function migrationsFolder(): string {
  const journal = findUp("drizzle/meta/_journal.json");
  if (!journal) throw new Error("drizzle migrations folder not found");
  return dirname(dirname(journal));
}

export type DatabaseTarget = { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string | null };

/**
 * `onConnectionError`: an idle pooled connection failed (the server restarted, an admin ended it).
 * The pool replaces it; without a listener Node would treat the pool's error event as a crash.
 */
export async function openDatabase(
  target: DatabaseTarget,
  options: { onConnectionError?: (err: Error) => void } = {},
): Promise<DatabaseHandle> {
  if (target.kind === "postgres") {
    const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    pool.on("error", (err) => options.onConnectionError?.(err));
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder: migrationsFolder() });
    return { db: db as unknown as Database, kind: "postgres", close: () => pool.end() };
  }
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  const client = target.dataDir === null ? new PGlite() : new PGlite(target.dataDir);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: migrationsFolder() });
  return { db: db as unknown as Database, kind: "pglite", close: () => client.close() };
}
