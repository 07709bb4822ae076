// One Drizzle schema over two drivers: PGlite (Postgres in WASM, files under DATA_DIR) by default,
// a PostgreSQL server through `pg` when DATABASE_URL is set. Migrations are applied on open (on a
// PostgreSQL server under an advisory lock, one process at a time; PGlite has only this process).
// Both report how busy their connections are (`stats()`), so exhaustion shows before it hurts.
import { dirname } from "node:path";
import { setFlagsFromString } from "node:v8";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { PGlite, protocol } from "@electric-sql/pglite";
import type { PoolClient } from "pg";
import { someCause } from "../lib/errors";
import { findUp } from "../lib/paths";
import { listenOnPostgres, type NoticeHandlers, type Unlisten } from "./notices";
import { bundledPgliteSeed, openPgliteDataDir, readPgliteSeed } from "./pglite-data-dir";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = "pglite" | "postgres";

/** PostgreSQL connections the process keeps. */
export const POOL_SIZE = 10;
/** A request waits at most this long for a free connection, then fails instead of hanging. */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * How busy the database connections are. A PostgreSQL pool runs `size` calls at once; PGlite is one
 * in-process database that runs one statement or transaction at a time, so its size is 1.
 */
export interface PoolStats {
  size: number;
  /** Calls holding a connection now, and calls queued for one. */
  active: number;
  waiting: number;
  /** Since start: the most calls queued at once, the longest wait for a connection, and the calls that gave up waiting after CONNECT_TIMEOUT_MS. */
  peakWaiting: number;
  longestWaitMs: number;
  timedOut: number;
}

export interface DatabaseHandle {
  db: Database;
  kind: DbKind;
  stats(): PoolStats;
  /**
   * Hears what any process sends on `channel` with pg_notify (see notices.ts). Stopped by `close`
   * at the latest.
   */
  listen(channel: string, on: NoticeHandlers): Promise<Unlisten>;
  close(): Promise<void>;
}

/** Listeners a handle has started, so that closing the handle stops them. */
function listenerSet() {
  const live = new Set<Unlisten>();
  return {
    add(unlisten: Unlisten): Unlisten {
      const once = async () => {
        if (live.delete(once)) await unlisten();
      };
      live.add(once);
      return once;
    },
    stopAll: () => Promise.all([...live].map((u) => u())),
  };
}

/**
 * PGlite's buffer cache, inside the WebAssembly memory. PostgreSQL's default of 128 MB is memory the
 * process touches at start and keeps: 32 MB took about 130 MB off the resident size (331 → 209 MB
 * after the workload below) and cost nothing measurable on a 98 MB table (5 sequential scans at
 * 306–387 ms each either way; 2,000 lookups by primary key 0.85–1.3 s either way, noise both). The
 * operating system's file cache still holds what the buffers no longer do. 16 MB took about 30 MB
 * more off an idle server (225 → 192 MB) with the dashboard's and search's indexed queries as fast
 * as with 32 MB (bench rows 4 and 5); only the sequential-scan baselines slowed, by up to 1.4×. 8 MB
 * took about 8 MB more off a server at rest (157–162 → 149–153 MB, two starts each, side by side);
 * see bench row 3 for the idle figures and rows 4 and 5 for the queries at this size.
 */
export const PGLITE_SHARED_BUFFERS = "8MB";
/**
 * PGlite is one backend in this process, but PostgreSQL sizes its shared memory (process slots, lock
 * table, notice queue slots) for `max_connections`, 100 by default: 24 → 21 MB of shared memory, and
 * about 7 MB off the resident size of a server at rest (153 → 146 MB, two starts each).
 */
export const PGLITE_MAX_CONNECTIONS = 4;

/**
 * PGlite's Postgres is 9 MB of WebAssembly. V8 compiles it with its baseline compiler (Liftoff) and
 * then recompiles hot functions with its optimising one (TurboFan); the second compiler's code and
 * working memory stayed in the process: about 80 MB of the idle server's resident size (297 → 220 MB
 * on a restart). The queries Tessera runs are index lookups, which ran as fast on baseline code
 * (chat answers on PGlite, one at a time: time to first token and CPU per answer unchanged, within
 * noise); a sequential scan of a million rows ran about 1.4× slower. Set once, before the module is
 * compiled; it applies to the process's other WebAssembly (the speech synthesiser) as well.
 */
function useBaselineWasmCompiler() {
  setFlagsFromString("--liftoff-only");
}

const ASYNC_COMMIT_TEXT = "async_commit as (select set_config('synchronous_commit', 'off', true))";
const SYNC_COMMIT_TEXT = "async_commit as (select null)";
const ASYNC_COMMIT = sql.raw(ASYNC_COMMIT_TEXT);
const SYNC_COMMIT = sql.raw(SYNC_COMMIT_TEXT);

/**
 * A statement sent by name: the server parses and plans it once per connection, and from then on
 * only binds and runs it. For the hot path's writes whose result is a row count (a chat turn): its
 * text starts `with ${asyncCommit}, …`, given the database's async-commit CTE, and its parameters
 * are `$1…` as text (cast in the statement).
 */
export interface NamedStatement {
  name: string;
  text(asyncCommit: string): string;
}

/** What each driver does its own way. */
interface Driver {
  /** The `async_commit` CTE (see asyncCommit), as text and as a Drizzle fragment. */
  asyncCommitText: string;
  asyncCommit: SQL;
  /** Each named statement's text on this database, built on its first run. */
  texts: Map<string, string>;
  /** Runs a statement by name; resolves with the rows it wrote (or returned). */
  run(name: string, text: string, values: (string | null)[]): Promise<number>;
}
const drivers = new WeakMap<object, Driver>();

function driverOf(db: Database): Driver {
  const driver = drivers.get(db);
  if (!driver) throw new Error("Not a database opened by openDatabase.");
  return driver;
}

/**
 * A statement's first CTE, `async_commit`, which the statement must read from (`from async_commit`), or
 * PostgreSQL skips it. On PostgreSQL it lets the statement's commit return before the commit record is
 * flushed to disk (`synchronous_commit` off for its own transaction only; the setting is read at
 * commit). The rows are visible and every constraint holds at once, and the server's WAL writer flushes
 * them within three of its rounds (600 ms by default) whatever happens to this process; only a crash of
 * the database server itself in that time could lose them, and nothing else: the WAL stays in order, so
 * the next commit that waits for the disk makes them durable too. On the benchmark machine a one-row
 * insert took 0.6–0.7 ms with the flush and 0.1 ms without. PGlite runs inside this process with no
 * WAL writer: a commit it has not flushed dies with the process (kill -9), so there the CTE changes
 * nothing. For writes nobody has been promised yet: a chat turn whose answer is still to come (its final
 * write waits for the disk), a draft of the text so far.
 */
export const asyncCommit = (db: Database): SQL => driverOf(db).asyncCommit;

/**
 * Runs `write` in one transaction whose commit does not wait for the disk (see asyncCommit), for
 * steps of a job that a later synchronous commit makes durable and a crash would only repeat. On
 * PGlite (no WAL writer: nothing to skip) it runs as it is, without the transaction's two statements.
 */
export async function withoutFlush<T>(db: Database, write: (tx: Database) => Promise<T>): Promise<T> {
  if (driverOf(db).asyncCommit !== ASYNC_COMMIT) return write(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('synchronous_commit', 'off', true)`);
    return write(tx);
  });
}

/**
 * Runs a named statement (see NamedStatement) with its parameters; resolves with its row count.
 * On the benchmark machine the chat turn took 0.33–0.45 ms this way against 0.75–1.0 ms through
 * Drizzle on PostgreSQL, and 0.7 ms against 1.45–2.5 ms on PGlite (which otherwise parses, describes,
 * binds and runs every statement in five calls into its WebAssembly).
 */
export function runNamed(
  db: Database,
  statement: NamedStatement,
  values: (string | null)[],
): Promise<number> {
  const driver = driverOf(db);
  let text = driver.texts.get(statement.name);
  if (text === undefined) driver.texts.set(statement.name, (text = statement.text(driver.asyncCommitText)));
  return driver.run(statement.name, text, values);
}

/**
 * The server will not keep named statements: a pooler in transaction mode (PgBouncer before 1.21, or
 * without max_prepared_statements) sends the Bind to a connection that never saw the Parse.
 * invalid_sql_statement_name (26000) or duplicate_prepared_statement (42P05); raised before the
 * statement ran, so it is safe to send again unnamed.
 */
const namedRefused = (err: unknown) => someCause(err, (e) => e.code === "26000" || e.code === "42P05");

/** The rows of a raw statement: both drivers answer `execute` with `{ rows }`. */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * A call that waited CONNECT_TIMEOUT_MS for a PostgreSQL connection and gave up (every connection was
 * busy), directly or as the cause of a failed query.
 */
export const isConnectionTimeout = (err: unknown): boolean =>
  someCause(err, (e) => e.message.includes("timeout exceeded when trying to connect"));

/** PostgreSQL's unique_violation, however the driver and Drizzle wrap it. */
export const isUniqueViolation = (err: unknown): boolean => someCause(err, (e) => e.code === "23505");

/** The migrations folder ships beside the package, wherever this module was bundled to. */
export function migrationsFolder(): string {
  const journal = findUp("drizzle/meta/_journal.json");
  if (!journal) throw new Error("drizzle migrations folder not found");
  return dirname(dirname(journal));
}

/**
 * PGlite's `dataDir` null keeps the database in memory. `seed`: the dump a new data folder is
 * created from (see pglite-data-dir.ts); by default the one the build ships, null for none. In
 * memory the database starts from `seed` when one is given, else from initdb.
 */
export type DatabaseTarget =
  { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string | null; seed?: string | null };

/** Counts waits for a connection: `queued` when a call asks, `granted` when it gets one. */
function createWaitGauge(size: number) {
  const gauge = { peakWaiting: 0, longestWaitMs: 0, timedOut: 0 };
  return {
    noteWaiting(waiting: number) {
      gauge.peakWaiting = Math.max(gauge.peakWaiting, waiting);
    },
    noteWait(startedAt: number, timedOut: boolean) {
      gauge.longestWaitMs = Math.max(gauge.longestWaitMs, Math.round(performance.now() - startedAt));
      if (timedOut) gauge.timedOut++;
    },
    stats: (now: { active: number; waiting: number }): PoolStats => ({ size, ...now, ...gauge }),
  };
}

/** The advisory lock every process takes to migrate a PostgreSQL database: one at a time. */
export const MIGRATION_LOCK = 0x7e55e7a;

/**
 * Runs `migrate` holding MIGRATION_LOCK on a connection of its own, so that processes starting
 * together migrate one after another: the first applies what is missing, the others then find
 * nothing left to do. A process that has to wait says so first (`onMigrationWait`). The lock is a
 * session's: should the process die mid-way, its connection closes and the lock goes with it.
 */
async function migrateUnderLock(
  pool: { connect(): Promise<PoolClient> },
  migrate: () => Promise<void>,
  options: { onMigrationWait?: () => void },
): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const { rows } = await client.query<{ got: boolean }>("select pg_try_advisory_lock($1) as got", [
      MIGRATION_LOCK,
    ]);
    if (!rows[0]?.got) {
      options.onMigrationWait?.();
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    }
    try {
      await migrate();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch((err: Error) => {
        broken = err;
      });
    }
  } finally {
    // A connection whose unlock failed may still hold the lock: it is closed, not pooled again.
    client.release(broken);
  }
}

/**
 * `onConnectionError`: an idle pooled connection failed (the server restarted, an admin ended it).
 * The pool replaces it; without a listener Node would treat the pool's error event as a crash.
 * `onMigrationWait`: another process is migrating the same PostgreSQL database, and this one waits.
 */
export async function openDatabase(
  target: DatabaseTarget,
  options: { onConnectionError?: (err: Error) => void; onMigrationWait?: () => void } = {},
): Promise<DatabaseHandle> {
  if (target.kind === "postgres") {
    const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    const gauge = createWaitGauge(POOL_SIZE);
    // Every checkout goes through connect(): drizzle's queries (through pool.query) and transactions.
    class MeasuredPool extends pg.Pool {
      override connect(): Promise<PoolClient>;
      override connect(
        callback: (
          err: Error | undefined,
          client: PoolClient | undefined,
          done: (release?: unknown) => void,
        ) => void,
      ): void;
      override connect(
        callback?: (
          err: Error | undefined,
          client: PoolClient | undefined,
          done: (release?: unknown) => void,
        ) => void,
      ): Promise<PoolClient> | void {
        const startedAt = performance.now();
        const timedOut = isConnectionTimeout;
        if (callback) {
          super.connect((err, client, done) => {
            gauge.noteWait(startedAt, timedOut(err));
            callback(err, client, done);
          });
          gauge.noteWaiting(this.waitingCount);
          return;
        }
        const checkout = super.connect().then(
          (client) => {
            gauge.noteWait(startedAt, false);
            return client;
          },
          (err: unknown) => {
            gauge.noteWait(startedAt, timedOut(err));
            throw err;
          },
        );
        gauge.noteWaiting(this.waitingCount);
        return checkout;
      }
    }
    const pool = new MeasuredPool({
      connectionString: target.url,
      max: POOL_SIZE,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    pool.on("error", (err) => options.onConnectionError?.(err));
    const db = drizzle(pool, { schema });
    // PostgreSQL's WAL writer flushes commits on its own: its writes may use the async commit.
    let named = true;
    drivers.set(db, {
      asyncCommitText: ASYNC_COMMIT_TEXT,
      asyncCommit: ASYNC_COMMIT,
      texts: new Map(),
      async run(name, text, values) {
        if (named)
          try {
            // pg parses a name once per connection and remembers it did.
            return (await pool.query({ name, text, values })).rowCount ?? 0;
          } catch (err) {
            if (!namedRefused(err)) throw err;
            named = false;
          }
        return (await pool.query(text, values)).rowCount ?? 0;
      },
    });
    await migrateUnderLock(pool, () => migrate(db, { migrationsFolder: migrationsFolder() }), options);
    const listeners = listenerSet();
    return {
      db: db as unknown as Database,
      kind: "postgres",
      stats: () => gauge.stats({ active: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
      listen: async (channel, on) =>
        listeners.add(
          await listenOnPostgres(
            () =>
              new pg.Client({ connectionString: target.url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS }),
            channel,
            on,
            (err) => options.onConnectionError?.(err),
          ),
        ),
      close: async () => {
        await listeners.stopAll();
        await pool.end();
      },
    };
  }
  useBaselineWasmCompiler();
  const [{ PGlite, protocol }, { drizzle }, { migrate }, { vector }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
    import("@electric-sql/pglite-pgvector"),
  ]);
  const pgliteOptions = {
    // pgvector, for retrieval by meaning (knowledge/vector-store.ts creates the extension at start).
    extensions: { vector },
    startParams: [
      ...PGlite.defaultStartParams,
      "-c",
      `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
      "-c",
      `max_connections=${PGLITE_MAX_CONNECTIONS}`,
    ],
  };
  const client =
    target.dataDir === null
      ? new PGlite({
          ...pgliteOptions,
          loadDataDir: target.seed ? await readPgliteSeed(target.seed) : undefined,
        })
      : await openPgliteDataDir(
          target.dataDir,
          target.seed === undefined ? bundledPgliteSeed() : target.seed,
          pgliteOptions,
        );
  // PGlite runs one statement or transaction at a time, first come first served: a call waits until
  // every call before it has finished. Drizzle reaches it through query() and transaction().
  const gauge = createWaitGauge(1);
  const queued: number[] = [];
  let active = 0;
  const measured = <T>(call: () => Promise<T>): Promise<T> => {
    const startedAt = performance.now();
    queued.push(startedAt);
    if (active === 0) grant();
    gauge.noteWaiting(queued.length);
    return call().finally(() => {
      active--;
      if (queued.length) grant();
    });
  };
  function grant() {
    gauge.noteWait(queued.shift()!, false);
    active++;
  }
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) => measured(() => query(...args))) as typeof query;
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    measured(() => transaction(...args))) as typeof transaction;
  const db = drizzle(client, { schema });
  drivers.set(db, {
    asyncCommitText: SYNC_COMMIT_TEXT,
    asyncCommit: SYNC_COMMIT,
    texts: new Map(),
    run: pgliteNamedRunner(client, protocol.serialize, measured),
  });
  await migrate(db, { migrationsFolder: migrationsFolder() });
  const listeners = listenerSet();
  return {
    db: db as unknown as Database,
    kind: "pglite",
    stats: () => gauge.stats({ active, waiting: queued.length }),
    // In this process: every notice reaches its listeners as the statement that sent it finishes.
    listen: async (channel, on) => {
      const unlisten = await client.listen(channel, (payload) => on.notice(payload));
      on.state(true);
      return listeners.add(async () => {
        on.state(false);
        await unlisten();
      });
    },
    close: async () => {
      await listeners.stopAll();
      await client.close();
    },
  };
}

/**
 * Named statements on PGlite, whose query() makes five calls into the WebAssembly for every statement
 * (parse, describe, bind, describe, execute) and the sync. Here a statement is parsed once for the
 * life of the database (PGlite is one session), and each run is one call: bind, execute and sync in
 * one message. It waits its turn as query() does, through the same two locks (PGlite's own, public
 * in its types though named as internal): for any transaction in progress, then for any statement.
 */
function pgliteNamedRunner(
  client: PGlite,
  serialize: typeof protocol.serialize,
  measured: <T>(call: () => Promise<T>) => Promise<T>,
): Driver["run"] {
  const parsed = new Set<string>();
  const call = async (parts: Uint8Array[]) => {
    const message = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
    parts.reduce((offset, part) => (message.set(part, offset), offset + part.length), 0);
    return client.execProtocolStream(message, { syncToFs: false });
  };
  return (name, text, values) =>
    measured(() =>
      client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          if (!parsed.has(name)) {
            await call([serialize.parse({ name, text }), serialize.sync()]);
            parsed.add(name);
          }
          const results = await call([
            serialize.bind({ statement: name, values }),
            serialize.execute({}),
            serialize.sync(),
          ]);
          await client.syncToFs();
          return rowCountOf(results);
        }),
      ),
    );
}

/** The row count in a CommandComplete tag: "INSERT 0 2", "UPDATE 1", "SELECT 3". */
function rowCountOf(messages: readonly { name: string }[]): number {
  const done = messages.find((m) => m.name === "commandComplete") as { text?: string } | undefined;
  return Number(done?.text?.split(" ").at(-1)) || 0;
}
