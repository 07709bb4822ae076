// The personal leaderboard (DESIGN.md, beyond the spec): per model, from the person's own ratings in
// revealed comparisons, how often it was rated, its average rating and its outright wins.
import type { LeaderboardEntry } from "@tessera/contracts";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { comparisonResponses, comparisons } from "../../db/schema";
import { isRevealed, winnerOf } from "./comparisons";

export async function getLeaderboard(db: Database, userId: string): Promise<{ entries: LeaderboardEntry[] }> {
  const rows = await db
    .select({ blind: comparisons.blind, response: comparisonResponses })
    .from(comparisonResponses)
    .innerJoin(comparisons, eq(comparisons.id, comparisonResponses.comparisonId))
    .where(eq(comparisons.userId, userId));

  const byComparison = new Map<string, { blind: boolean; responses: (typeof rows)[number]["response"][] }>();
  for (const { blind, response } of rows) {
    const entry = byComparison.get(response.comparisonId) ?? { blind, responses: [] };
    entry.responses.push(response);
    byComparison.set(response.comparisonId, entry);
  }

  const stats = new Map<string, { comparisons: number; total: number; wins: number }>();
  for (const { blind, responses } of byComparison.values()) {
    // An unrevealed blind comparison would give its models away here; it counts once revealed.
    if (!isRevealed({ blind }, responses)) continue;
    const winner = winnerOf(responses);
    for (const r of responses) {
      if (r.rating === null) continue;
      const s = stats.get(r.modelId) ?? { comparisons: 0, total: 0, wins: 0 };
      s.comparisons += 1;
      s.total += r.rating;
      if (winner === r.modelId) s.wins += 1;
      stats.set(r.modelId, s);
    }
  }
  const entries = [...stats.entries()].map(([modelId, s]) => ({
    modelId,
    comparisons: s.comparisons,
    averageRating: Math.round((s.total / s.comparisons) * 100) / 100,
    wins: s.wins,
  }));
  entries.sort(
    (a, b) =>
      b.wins - a.wins ||
      b.averageRating - a.averageRating ||
      b.comparisons - a.comparisons ||
      a.modelId.localeCompare(b.modelId),
  );
  return { entries };
}
