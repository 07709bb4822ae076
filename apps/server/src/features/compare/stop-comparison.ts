// Stop in the comparison dialog, asked for by a request of its own: a comparison's answers outlive the
// page that asked for them once they have started (the dialog closed, a reload, a dropped connection),
// so pressing Stop names the comparison instead of closing its connections. Every answer still coming
// ends where it stands and keeps its text, marked stopped: those written here at once (the request
// answers once they are stored), those written by another process over the bus. Any left pending or
// streaming with no process to hear is marked stopped here, as the sweep would later.
import { and, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { comparisonResponses } from "../../db/schema";
import type { DurableAnswers } from "../../streams/durable-answers";
import { loadComparison } from "./comparisons";

const LIVE = ["pending", "streaming"] as const;

/** Stops every answer of the caller's comparison still coming; ended ones are left as they are. */
export async function stopComparison(
  deps: { db: Database; answers: DurableAnswers },
  userId: string,
  comparisonId: string,
): Promise<void> {
  const { responses } = await loadComparison(deps.db, userId, comparisonId);
  const live = responses.filter((r) => (LIVE as readonly string[]).includes(r.status));
  if (live.length === 0) return;
  await deps.answers.stop(
    live.map((r) => r.id),
    (elsewhere) =>
      deps.db
        .update(comparisonResponses)
        .set({ status: "stopped", updatedAt: sql`now()` })
        .where(
          and(inArray(comparisonResponses.id, elsewhere), inArray(comparisonResponses.status, [...LIVE])),
        ),
  );
}
