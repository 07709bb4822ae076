// Rate limits and one-at-a-time holds in the PostgreSQL database, for processes that share a database
// server but no Redis: a limit per person (messages or images a minute, one voice-over at a time) is
// then per person in every process, not per process. Each hit is one statement that counts and
// answers at once, decided by the database, so racing requests on two processes cannot both slip
// through. The writes need not survive a crash of the database server (asyncCommit). Windows and
// holds that ran out are cleared once a minute.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { asyncCommit, rowsOf, type Database } from "../db/client";
import { heldKeys, rateWindows } from "../db/schema";
import { secondsLeft, type RateLimiter } from "./rate-limiter";

/** How often ended windows and holds are deleted. */
const CLEAR_EVERY_MS = 60_000;

export function createDatabaseRateLimiter(db: Database): RateLimiter {
  const clear = setInterval(() => {
    void db
      .delete(rateWindows)
      .where(sql`${rateWindows.endsAt} < now()`)
      .then(() => db.delete(heldKeys).where(sql`${heldKeys.until} < now()`))
      // A failed clear-up is tried again at the next one; the rows it left count for nothing.
      .catch(() => undefined);
  }, CLEAR_EVERY_MS);
  clear.unref();
  return {
    async hit(key, rule) {
      // A window that has ended starts again with this hit; otherwise the hit is counted in it.
      const window = sql`${rule.windowMs} * interval '1 millisecond'`;
      const [row] = await rowsOf<{ hits: number; left_ms: number }>(
        db,
        sql`with ${asyncCommit(db)}
        insert into ${rateWindows} (key, started_at, ends_at, hits)
        select ${key}, now(), now() + ${window}, 1 from async_commit
        on conflict (key) do update set
          started_at = case when rate_windows.ends_at <= now() then now() else rate_windows.started_at end,
          ends_at = case when rate_windows.ends_at <= now() then now() + ${window} else rate_windows.ends_at end,
          hits = case when rate_windows.ends_at <= now() then 1 else rate_windows.hits + 1 end
        returning hits, extract(epoch from (ends_at - now())) * 1000 as left_ms`,
      );
      if (!row || Number(row.hits) <= rule.max) return null;
      return secondsLeft(Number(row.left_ms));
    },
    async reset(key) {
      await db.delete(rateWindows).where(sql`${rateWindows.key} = ${key}`);
    },
    async hold(key, ttlMs) {
      const holder = randomUUID();
      // Taken when free or run out; a live hold of another is left as it is, and nothing returns.
      const taken = await rowsOf<{ holder: string }>(
        db,
        sql`insert into ${heldKeys} (key, holder, until)
        values (${key}, ${holder}, now() + ${ttlMs} * interval '1 millisecond')
        on conflict (key) do update set holder = excluded.holder, until = excluded.until
          where held_keys.until <= now()
        returning holder`,
      );
      if (taken[0]?.holder !== holder) return null;
      return async () => {
        await db.delete(heldKeys).where(sql`${heldKeys.key} = ${key} and ${heldKeys.holder} = ${holder}`);
      };
    },
    store: () => "database",
    close() {
      clearInterval(clear);
      return Promise.resolve();
    },
  };
}
