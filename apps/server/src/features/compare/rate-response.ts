// A 1–5 rating on a complete answer (spec §4). Rating the last unrated answer of a blind comparison
// reveals its models.
import { COMPARISON_MESSAGES, type Comparison } from "@tessera/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { comparisonResponses } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { getComparison, loadComparison } from "./comparisons";

export async function rateResponse(
  db: Database,
  userId: string,
  comparisonId: string,
  responseId: string,
  rating: number,
): Promise<Comparison> {
  const { responses } = await loadComparison(db, userId, comparisonId);
  const response = responses.find((r) => r.id === responseId);
  if (!response) throw notFound("Answer not found.");
  const updated = await db
    .update(comparisonResponses)
    .set({ rating, updatedAt: sql`now()` })
    .where(and(eq(comparisonResponses.id, responseId), eq(comparisonResponses.status, "complete")))
    .returning({ id: comparisonResponses.id });
  if (updated.length === 0) throw new AppError("CONFLICT", COMPARISON_MESSAGES.notRatable);
  return getComparison(db, userId, comparisonId);
}
