// Stop in the comparison dialog, asked for by a request of its own: a comparison's answers outlive the
// page that asked for them once they have started (the dialog closed, a reload, a dropped connection),
// so pressing Stop names the comparison instead of closing its connections. Every answer still coming
// ends where it stands and keeps its text, marked stopped: those written here at once (the request
// answers once they are stored), those written by another process over STOP_CHANNEL. Any left pending
// or streaming with no process to hear is marked stopped here, as the sweep would later.
import { and, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { comparisonResponses } from "../../db/schema";
import { settlesWithin, STOP_CHANNEL, STOP_STORED_WAIT_MS, type LiveStreams } from "../../lib/live-streams";
import { loadComparison } from "./comparisons";

const LIVE = ["pending", "streaming"] as const;

/** Stops every answer of the caller's comparison still coming; ended ones are left as they are. */
export async function stopComparison(
  deps: { db: Database; streams?: LiveStreams },
  userId: string,
  comparisonId: string,
): Promise<void> {
  const { responses } = await loadComparison(deps.db, userId, comparisonId);
  const live = responses.filter((r) => (LIVE as readonly string[]).includes(r.status));
  if (live.length === 0) return;
  const here = live.map((r) => deps.streams?.stop(r.id) ?? null);
  const ended = here.filter((stored): stored is Promise<void> => stored !== null);
  if (ended.length) await settlesWithin(Promise.all(ended), STOP_STORED_WAIT_MS);
  const elsewhere = live.filter((_, i) => here[i] === null).map((r) => r.id);
  if (elsewhere.length === 0) return;
  await deps.db
    .update(comparisonResponses)
    .set({ status: "stopped", updatedAt: sql`now()` })
    .where(and(inArray(comparisonResponses.id, elsewhere), inArray(comparisonResponses.status, [...LIVE])));
  for (const id of elsewhere) await deps.db.execute(sql`select pg_notify(${STOP_CHANNEL}, ${id})`);
}
