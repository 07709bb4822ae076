// Stop, asked for by a request of its own, for streams that outlive their clients (a chat answer, a
// comparison's answers, a search): each is named by the key it is tracked under. One running in this
// process is aborted and waited for while it stores what it had; for the others the caller closes their
// rows (should no process hear), then every process is told over STOP_CHANNEL.
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { settlesWithin, STOP_CHANNEL, STOP_STORED_WAIT_MS, type LiveStreams } from "./live-streams";

export async function stopStreams(
  deps: { db: Database; streams?: LiveStreams },
  keys: string[],
  /** Closes the rows of the streams not running here (their keys). */
  closeUnheard: (keys: string[]) => Promise<unknown>,
): Promise<void> {
  const here = keys.map((key) => deps.streams?.stop(key) ?? null);
  const ended = here.filter((stored): stored is Promise<void> => stored !== null);
  if (ended.length) await settlesWithin(Promise.all(ended), STOP_STORED_WAIT_MS);
  const elsewhere = keys.filter((_, i) => here[i] === null);
  if (elsewhere.length === 0) return;
  await closeUnheard(elsewhere);
  for (const key of elsewhere) await deps.db.execute(sql`select pg_notify(${STOP_CHANNEL}, ${key})`);
}
