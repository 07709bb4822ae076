// Whether this process can serve traffic now (a load balancer's or Kubernetes' readiness probe): the
// database answers, every migration this build ships is applied, and Redis answers when REDIS_URL is
// set. Liveness (GET /api/health/live) asks none of this: a process waiting for its database is alive.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type * as IORedis from "ioredis";
import { migrationsFolder, rowsOf, type Database } from "../../db/client";

/** A check that has not answered in this long has failed. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

export interface ReadinessCheck {
  name: "database" | "migrations" | "redis";
  ok: boolean;
  /** Why not, in words an operator can act on; absent when ok. */
  reason?: string;
}

const withTimeout = <T>(work: Promise<T>, what: string): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${READY_CHECK_TIMEOUT_MS} ms`)),
      READY_CHECK_TIMEOUT_MS,
    );
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The creation time of the newest migration this build ships (drizzle's journal `when`). */
async function newestShippedMigration(): Promise<number> {
  const journal = JSON.parse(await readFile(join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/** Opens a connection of its own for each probe: nothing lingers, and a Redis that went away is seen. */
async function pingRedis(url: string): Promise<void> {
  const { Redis } = (await import("ioredis")).default as unknown as typeof IORedis;
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: READY_CHECK_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on("error", () => {}); // the failure is the probe's answer, not a crash
  try {
    await withTimeout(
      redis.connect().then(() => redis.ping()),
      "Redis",
    );
  } finally {
    redis.disconnect();
  }
}

export function createReadiness(deps: {
  db: Database;
  redisUrl: string | undefined;
  /** The newest migration this build ships; tests stand in a build newer than the database. */
  newestShipped?: () => Promise<number>;
}) {
  const shippedNewest = deps.newestShipped ?? newestShippedMigration;
  // Applied migrations are never taken back: once complete, the journal is not read again.
  let migrated = false;
  return async function check(): Promise<ReadinessCheck[]> {
    const checks: ReadinessCheck[] = [];
    try {
      await withTimeout(Promise.resolve(deps.db.execute(sql`select 1`)), "the database");
      checks.push({ name: "database", ok: true });
    } catch (err) {
      checks.push({ name: "database", ok: false, reason: reasonOf(err) });
      checks.push({ name: "migrations", ok: false, reason: "unknown while the database is unreachable" });
    }
    if (checks[0]?.ok) {
      try {
        if (!migrated) {
          const [row] = await rowsOf<{ newest: string | number | null }>(
            deps.db,
            sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
          );
          const shipped = await shippedNewest();
          migrated = Number(row?.newest ?? 0) >= shipped;
        }
        checks.push(
          migrated
            ? { name: "migrations", ok: true }
            : { name: "migrations", ok: false, reason: "the database lacks migrations this build ships" },
        );
      } catch (err) {
        checks.push({ name: "migrations", ok: false, reason: reasonOf(err) });
      }
    }
    if (deps.redisUrl) {
      try {
        await pingRedis(deps.redisUrl);
        checks.push({ name: "redis", ok: true });
      } catch (err) {
        checks.push({ name: "redis", ok: false, reason: reasonOf(err) });
      }
    }
    return checks;
  };
}
