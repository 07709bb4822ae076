// Streams one answer of a comparison (the chat stream's comparison mode): claims the answer so it runs
// once at a time, calls its model with the stored prompt, and stores text, timings, tokens and cost
// however it ends: complete, failed, stopped by the person or by a shutdown (the partial text stays).
// The text so far is stored as it grows, and the final write waits out a short database outage.
import {
  ANSWER_STARTED_OVER,
  CHAT_ERROR_MESSAGES,
  COMPARISON_MESSAGES,
  STREAM_MESSAGES,
  findCatalogueModel,
  type ComparisonStreamEvent,
  type comparisonStreamRequestSchema,
} from "@tessera/contracts";
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { runNamed, type Database, type NamedStatement } from "../../db/client";
import { comparisonResponses } from "../../db/schema";
import { searchKnowledge } from "../../knowledge/search-knowledge";
import { AppError, notFound } from "../../lib/errors";
import { isServerShutdown, type LiveStreams } from "../../lib/live-streams";
import type { Logger } from "../../lib/logger";
import {
  DRAFT_WRITE_MS,
  STORE_RETRY_MS,
  restartingEvent,
  startDraftWriter,
  writeWithRetry,
} from "../../lib/stream-store";
import { runsInProcess } from "../../providers/llm/runs-in-process";
import { describeFailure, estimateTokens, streamModel } from "../../providers/llm/stream-model";
import type { LlmRegistry, ResolvedModel } from "../../providers/llm/types";
import { loadComparison, tokensPerSecond } from "./comparisons";

export interface ComparisonStreamDeps {
  db: Database;
  llm: LlmRegistry;
  logger: Logger;
  idleMs: number;
  totalMs: number;
  /** The process's open streams, ended with a closing event when it shuts down. */
  streams?: LiveStreams;
  /** How long the final write keeps trying while the database is out of reach (default 15 s). */
  storeRetryMs?: number;
}

/** A stream's own view: told when its answer was closed (stopped or deleted) elsewhere. */
export interface AnswerStreamDeps extends ComparisonStreamDeps {
  /**
   * A draft found the answer no longer streaming or gone (stopped by another process, the comparison
   * deleted): the stream is ended, as Stop would.
   */
  onClosedElsewhere?(): void;
}

/**
 * The response's text so far ($2), while it is still streaming (a row the sweep closed is left alone);
 * `updated_at` is what the sweep reads. On PostgreSQL it waits for nobody's disk: the final write does.
 */
const RESPONSE_DRAFT: NamedStatement = {
  name: "compare_response_draft",
  text: (asyncCommit) => `with ${asyncCommit}
    update comparison_responses set content = $2, updated_at = now() from async_commit
    where id = $1 and status = 'streaming'`,
};

export interface ClaimedAnswer {
  comparisonId: string;
  responseId: string;
  modelId: string;
  prompt: string;
  /** A blind answer's cost would hint at its model; it is shown once revealed. */
  blind: boolean;
  resolved: Extract<ResolvedModel, { ok: true }>;
}

/** Checks ownership and state, then marks the answer as streaming; HTTP errors here write nothing. */
export async function claimAnswer(
  deps: ComparisonStreamDeps,
  userId: string,
  input: z.output<typeof comparisonStreamRequestSchema>,
): Promise<ClaimedAnswer> {
  if (deps.streams?.closing) throw new AppError("UNAVAILABLE", STREAM_MESSAGES.restarting);
  const { row, responses } = await loadComparison(deps.db, userId, input.comparisonId);
  const response = responses.find((r) => r.id === input.responseId);
  if (!response) throw notFound("Answer not found.");
  if (input.model !== undefined && input.model !== response.modelId)
    throw new AppError("BAD_REQUEST", "model: does not match this answer of the comparison");
  if (input.message !== undefined && input.message.trim() !== row.prompt)
    throw new AppError("BAD_REQUEST", "message: does not match the comparison's prompt");

  const resolved = await deps.llm.resolve(response.modelId, {
    retrieve: (query, limit) => searchKnowledge(deps.db, userId, query, limit),
  });
  if (!resolved.ok) throw new AppError("UNAVAILABLE", CHAT_ERROR_MESSAGES.unavailable);

  // A stream that died with its process leaves "streaming" behind; after the overall cap it may run again.
  const stale = new Date(Date.now() - deps.totalMs - 30_000);
  const claimed = await deps.db
    .update(comparisonResponses)
    .set({ ...ANSWER_STARTED_OVER, status: "streaming", updatedAt: sql`now()` })
    .where(
      and(
        eq(comparisonResponses.id, response.id),
        or(
          inArray(comparisonResponses.status, ["pending", "error", "stopped"]),
          and(eq(comparisonResponses.status, "streaming"), lt(comparisonResponses.updatedAt, stale)),
        ),
      ),
    )
    .returning({ id: comparisonResponses.id });
  if (claimed.length === 0)
    throw new AppError(
      "CONFLICT",
      response.status === "streaming"
        ? COMPARISON_MESSAGES.alreadyStreaming
        : COMPARISON_MESSAGES.alreadyAnswered,
    );
  return {
    comparisonId: row.id,
    responseId: response.id,
    modelId: response.modelId,
    prompt: row.prompt,
    blind: row.blind,
    resolved,
  };
}

export async function* runComparisonStream(
  deps: AnswerStreamDeps,
  answer: ClaimedAnswer,
  signal: AbortSignal,
): AsyncGenerator<ComparisonStreamEvent> {
  yield { type: "start", comparisonId: answer.comparisonId, responseId: answer.responseId };
  const name = findCatalogueModel(answer.modelId)?.name ?? answer.modelId;
  const stream = streamModel({
    model: answer.resolved.model,
    system: `You are ${name}, answering inside Tessera, an AI workspace. Answer in markdown.`,
    messages: [{ role: "user", content: answer.prompt }],
    signal,
    idleMs: deps.idleMs,
    totalMs: deps.totalMs,
  });
  // The text so far, in the background. A draft that finds the answer closed ends the stream.
  const draft = startDraftWriter(
    async (content) => {
      if ((await runNamed(deps.db, RESPONSE_DRAFT, [answer.responseId, content])) === 0)
        deps.onClosedElsewhere?.();
    },
    {
      everyMs: DRAFT_WRITE_MS,
      onError: (err) =>
        deps.logger.warn(
          { event: "compare.stream.draft_failed", err: err instanceof Error ? err.message : String(err) },
          "draft not stored",
        ),
    },
  );
  let next = await stream.next();
  while (!next.done) {
    if (next.value.type === "text") {
      draft.set(next.value.sofar);
      yield { type: "chunk", content: next.value.text };
    }
    next = await stream.next();
  }
  await draft.stop();
  const outcome = next.value;
  const tokens = outcome.outputTokens ?? estimateTokens(outcome.text);
  // A model run in the server costs nothing.
  const cost = runsInProcess(answer.resolved.provider) ? 0 : outcome.cost;
  const failure = outcome.interrupted ? null : outcome.failure;
  const described = failure ? describeFailure(failure) : null;
  const status = outcome.interrupted ? "stopped" : failure ? "error" : "complete";
  const stored = await writeWithRetry(
    () =>
      deps.db
        .update(comparisonResponses)
        .set({
          status,
          content: outcome.text,
          error: described?.message ?? null,
          tokensUsed: tokens,
          timeToFirstTokenMs: outcome.timeToFirstTokenMs,
          responseTimeMs: outcome.totalMs,
          cost,
          updatedAt: sql`now()`,
        })
        .where(eq(comparisonResponses.id, answer.responseId)),
    {
      budgetMs: deps.storeRetryMs ?? STORE_RETRY_MS,
      onRetry: (err, attempt) =>
        deps.logger.warn(
          {
            event: "compare.stream.store_retry",
            attempt,
            err: err instanceof Error ? err.message : String(err),
          },
          "database unavailable, retrying",
        ),
    },
  );
  if (!stored.ok)
    deps.logger.error(
      {
        event: "compare.stream.store_failed",
        err: stored.error instanceof Error ? stored.error.message : String(stored.error),
      },
      "answer not stored; the sweep will close it",
    );
  deps.logger.info(
    {
      event: "compare.stream.end",
      model: answer.modelId,
      status,
      tokens,
      ms: outcome.totalMs,
      upstreamStatus: outcome.upstreamStatus,
    },
    "comparison stream ended",
  );

  if (isServerShutdown(signal)) {
    yield restartingEvent(stored.ok);
    return;
  }
  if (outcome.interrupted) return;
  if (described) {
    yield { type: "error", error: described.code, message: described.message };
    return;
  }
  if (!stored.ok) {
    yield { type: "error", error: "NOT_SAVED", message: STREAM_MESSAGES.notSaved };
    return;
  }
  const generating =
    outcome.timeToFirstTokenMs === null ? outcome.totalMs : outcome.totalMs - outcome.timeToFirstTokenMs;
  yield {
    type: "complete",
    done: true,
    tokens,
    timeToFirstTokenMs: outcome.timeToFirstTokenMs,
    responseTimeMs: outcome.totalMs,
    tokensPerSecond: tokensPerSecond(tokens, generating),
    cost: answer.blind ? null : cost,
  };
}
