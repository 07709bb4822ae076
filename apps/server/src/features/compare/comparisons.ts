// Comparisons as the person sees them: created with one pending answer per model, read back with
// blind answers masked until every complete one is rated, listed and deleted. Always scoped to the
// owner: someone else's comparison is "not found".
import {
  BLIND_LABELS,
  COMPARISONS_LISTED,
  CHAT_ERROR_MESSAGES,
  findCatalogueModel,
  LOCAL_MODEL_ID,
  type Comparison,
  type ComparisonResponse,
  type ComparisonStatus,
  type ComparisonSummary,
  type createComparisonSchema,
} from "@tessera/contracts";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { requireModel } from "../../billing/plans";
import type { Database } from "../../db/client";
import { comparisonResponses, comparisons } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import type { LlmRegistry } from "../../providers/llm/types";

type ComparisonRow = typeof comparisons.$inferSelect;
type ResponseRow = typeof comparisonResponses.$inferSelect;

const OPEN: ComparisonStatus[] = ["pending", "streaming"];
/** The answer is still coming (or waits to begin). */
const isOpen = (r: Pick<ResponseRow, "status">) => OPEN.includes(r.status as ComparisonStatus);

/** A blind comparison shows its models once nothing is still running and every complete answer is rated. */
export function isRevealed(comparison: Pick<ComparisonRow, "blind">, responses: ResponseRow[]): boolean {
  if (!comparison.blind) return true;
  return responses.every((r) => !isOpen(r) && (r.status !== "complete" || r.rating !== null));
}

export function toResponse(row: ResponseRow, revealed: boolean): ComparisonResponse {
  const tokens = row.tokensUsed;
  const generating =
    row.responseTimeMs !== null && row.timeToFirstTokenMs !== null
      ? row.responseTimeMs - row.timeToFirstTokenMs
      : row.responseTimeMs;
  return {
    id: row.id,
    position: row.position,
    label: BLIND_LABELS[row.position] ?? String(row.position + 1),
    modelId: revealed ? row.modelId : null,
    content: row.content,
    tokensUsed: tokens,
    timeToFirstTokenMs: row.timeToFirstTokenMs,
    responseTimeMs: row.responseTimeMs,
    tokensPerSecond: tokensPerSecond(tokens, generating),
    cost: revealed ? row.cost : null,
    status: row.status as ComparisonStatus,
    error: row.error,
    rating: row.rating,
  };
}

export function tokensPerSecond(tokens: number | null, ms: number | null): number | null {
  if (tokens === null || ms === null || ms <= 0) return null;
  return Math.round((tokens / (ms / 1000)) * 10) / 10;
}

function toComparison(row: ComparisonRow, responses: ResponseRow[]): Comparison {
  const revealed = isRevealed(row, responses);
  return {
    id: row.id,
    prompt: row.prompt,
    models: row.models,
    blind: row.blind,
    revealed,
    createdAt: row.createdAt.toISOString(),
    responses: responses.map((r) => toResponse(r, revealed)),
  };
}

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export async function createComparison(
  deps: { db: Database; llm: LlmRegistry },
  userId: string,
  input: z.output<typeof createComparisonSchema>,
): Promise<Comparison> {
  // Every model must be one the person could chat with now; nothing is stored otherwise.
  const engines = new Map<string, string>();
  for (const model of input.models) {
    const resolved = await deps.llm.resolve(model, { retrieve: () => Promise.resolve([]) });
    if (!resolved.ok)
      throw new AppError(
        "BAD_REQUEST",
        resolved.reason === "unsupported"
          ? `${model}: ${CHAT_ERROR_MESSAGES.unsupported}`
          : `${model}: ${resolved.detail}`,
      );
    const name = findCatalogueModel(model)?.name ?? model;
    await requireModel(deps.db, userId, model, name);
    // Two models served by one engine (Tessa and Tessera Local offline, two names for one upstream
    // model) would only compare it with itself: word for word the same, for Tessera Local.
    const engine = `${resolved.provider}:${resolved.upstream}`;
    const twin = engines.get(engine);
    if (twin) throw new AppError("BAD_REQUEST", sameEngineMessage(twin, name, resolved.upstream));
    engines.set(engine, name);
  }
  const order = input.blind ? shuffled(input.models) : input.models;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(comparisons)
      .values({ userId, prompt: input.prompt, models: input.models, blind: input.blind })
      .returning();
    const responses = await tx
      .insert(comparisonResponses)
      .values(order.map((modelId, position) => ({ comparisonId: row!.id, position, modelId })))
      .returning();
    return toComparison(
      row!,
      responses.sort((a, b) => a.position - b.position),
    );
  });
}

export function sameEngineMessage(first: string, second: string, upstream: string): string {
  const engine = upstream === LOCAL_MODEL_ID ? "Tessera Local" : upstream;
  return `${first} and ${second} both run on ${engine} on this server, so they would give the same answer. Compare one of them with another model.`;
}

export async function loadComparison(
  db: Database,
  userId: string,
  id: string,
): Promise<{ row: ComparisonRow; responses: ResponseRow[] }> {
  const [row] = await db
    .select()
    .from(comparisons)
    .where(and(eq(comparisons.id, id), eq(comparisons.userId, userId)));
  if (!row) throw notFound("Comparison not found.");
  const responses = await db
    .select()
    .from(comparisonResponses)
    .where(eq(comparisonResponses.comparisonId, id))
    .orderBy(asc(comparisonResponses.position));
  return { row, responses };
}

export async function getComparison(db: Database, userId: string, id: string): Promise<Comparison> {
  const { row, responses } = await loadComparison(db, userId, id);
  return toComparison(row, responses);
}

/** The highest-rated model of a revealed comparison, when exactly one answer has the top rating. */
export function winnerOf(responses: Pick<ResponseRow, "modelId" | "rating">[]): string | null {
  const rated = responses.filter((r) => r.rating !== null);
  if (rated.length < 2) return null;
  const top = Math.max(...rated.map((r) => r.rating!));
  const best = rated.filter((r) => r.rating === top);
  return best.length === 1 ? best[0]!.modelId : null;
}

export async function listComparisons(db: Database, userId: string): Promise<ComparisonSummary[]> {
  const rows = await db
    .select()
    .from(comparisons)
    .where(eq(comparisons.userId, userId))
    .orderBy(desc(comparisons.createdAt))
    .limit(COMPARISONS_LISTED);
  if (rows.length === 0) return [];
  const responses = await db
    .select()
    .from(comparisonResponses)
    .where(
      inArray(
        comparisonResponses.comparisonId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((row) => {
    const own = responses.filter((r) => r.comparisonId === row.id);
    const revealed = isRevealed(row, own);
    return {
      id: row.id,
      prompt: row.prompt,
      models: row.models,
      blind: row.blind,
      revealed,
      createdAt: row.createdAt.toISOString(),
      ratedCount: own.filter((r) => r.rating !== null).length,
      responseCount: own.length,
      runningCount: own.filter(isOpen).length,
      winnerModelId: revealed ? winnerOf(own) : null,
    };
  });
}

export async function deleteComparison(db: Database, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(comparisons)
    .where(and(eq(comparisons.id, id), eq(comparisons.userId, userId)))
    .returning({ id: comparisons.id });
  if (gone.length === 0) throw notFound("Comparison not found.");
}
