// One answer of a comparison (the chat stream's comparison mode), comparison's side of a durable answer
// (streams/run-answer.ts runs it): claims the answer so it runs once at a time, calls its model with
// the stored prompt, and says what to store however it ends: complete, failed, stopped by the person or
// by a shutdown (the partial text stays), with text, timings, tokens and cost.
import {
  ANSWER_STARTED_OVER,
  CHAT_ERROR_MESSAGES,
  COMPARISON_MESSAGES,
  STREAM_MESSAGES,
  findCatalogueModel,
  type ComparisonStreamEvent,
  type comparisonStreamRequestSchema,
  type LanguageCode,
} from "@tessera/contracts";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { runNamed, type Database, type NamedStatement } from "../../db/client";
import { comparisonResponses } from "../../db/schema";
import { retrievePassages } from "../../knowledge/retrieve-passages";
import { AppError, notFound } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { runsInProcess } from "../../providers/llm/runs-in-process";
import { describeFailure, estimateTokens, streamModel } from "../../providers/llm/stream-model";
import type { LlmRegistry, ResolvedModel } from "../../providers/llm/types";
import type { DurableAnswers, OpenAnswer } from "../../streams/durable-answers";
import { AGE_MARGIN_MS, orphanedRows } from "../../streams/leases";
import type { Ending } from "../../streams/run-answer";
import { loadComparison, tokensPerSecond } from "./comparisons";

export interface ComparisonStreamDeps {
  db: Database;
  llm: LlmRegistry;
  logger: Logger;
  idleMs: number;
  totalMs: number;
  /** The process's durable answers: stopped by name, ended with a closing event on shutdown. */
  answers: DurableAnswers;
}

/**
 * The response's text so far ($2), while it is still streaming (a row Stop or the sweep closed, or
 * one deleted, is left alone). On PostgreSQL it waits for nobody's disk: the final write does.
 */
const RESPONSE_DRAFT: NamedStatement = {
  name: "compare_response_draft",
  text: (asyncCommit) => `with ${asyncCommit}
    update comparison_responses set content = $2, updated_at = now() from async_commit
    where id = $1 and status = 'streaming'`,
};

/** Stores the text so far; false once the answer is no longer streaming (stopped, deleted). */
export const draftResponse = (db: Database, responseId: string) => async (content: string) =>
  (await runNamed(db, RESPONSE_DRAFT, [responseId, content])) > 0;

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
  language: LanguageCode = "en",
): Promise<ClaimedAnswer> {
  if (deps.answers.closing) throw new AppError("UNAVAILABLE", STREAM_MESSAGES.restarting);
  const { row, responses } = await loadComparison(deps.db, userId, input.comparisonId);
  const response = responses.find((r) => r.id === input.responseId);
  if (!response) throw notFound("Answer not found.");
  if (input.model !== undefined && input.model !== response.modelId)
    throw new AppError("BAD_REQUEST", "model: does not match this answer of the comparison");
  if (input.message !== undefined && input.message.trim() !== row.prompt)
    throw new AppError("BAD_REQUEST", "message: does not match the comparison's prompt");

  const resolved = await deps.llm.resolve(response.modelId, {
    retrieve: (query, limit) => retrievePassages(deps.db, userId, query, limit),
    language,
  });
  if (!resolved.ok) throw new AppError("UNAVAILABLE", CHAT_ERROR_MESSAGES.unavailable);

  // A stream whose writer is gone (its lease ran out) leaves "streaming" behind: it may run again.
  const orphaned = orphanedRows({
    me: deps.answers.writerId,
    maxAgeMs: deps.totalMs + AGE_MARGIN_MS,
    allButMine: false,
  });
  const claimed = await deps.db
    .update(comparisonResponses)
    .set({
      ...ANSWER_STARTED_OVER,
      status: "streaming",
      writerId: deps.answers.writerId,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(comparisonResponses.id, response.id),
        or(
          inArray(comparisonResponses.status, ["pending", "error", "stopped"]),
          and(
            eq(comparisonResponses.status, "streaming"),
            orphaned(comparisonResponses.writerId, comparisonResponses.updatedAt),
          ),
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

/** The answer's events, from its start event to how it ended (run-answer.ts sends the closing one). */
export async function* comparisonAnswer(
  deps: ComparisonStreamDeps,
  claimed: ClaimedAnswer,
  answer: OpenAnswer,
): AsyncGenerator<ComparisonStreamEvent, Ending<ComparisonStreamEvent>> {
  yield { type: "start", comparisonId: claimed.comparisonId, responseId: claimed.responseId };
  const name = findCatalogueModel(claimed.modelId)?.name ?? claimed.modelId;
  const stream = streamModel({
    model: claimed.resolved.model,
    system: `You are ${name}, answering inside Tessera, an AI workspace. Answer in markdown.`,
    messages: [{ role: "user", content: claimed.prompt }],
    signal: answer.signal,
    idleMs: deps.idleMs,
    totalMs: deps.totalMs,
  });
  let next = await stream.next();
  while (!next.done) {
    if (next.value.type === "text") {
      answer.grow(next.value.sofar);
      yield { type: "chunk", content: next.value.text };
    }
    next = await stream.next();
  }
  const outcome = next.value;
  const tokens = outcome.outputTokens ?? estimateTokens(outcome.text);
  // A model run in the server costs nothing.
  const cost = runsInProcess(claimed.resolved.provider) ? 0 : outcome.cost;
  const failure = outcome.interrupted ? null : outcome.failure;
  const described = failure ? describeFailure(failure) : null;
  const status = outcome.interrupted ? "stopped" : failure ? "error" : "complete";
  const generating =
    outcome.timeToFirstTokenMs === null ? outcome.totalMs : outcome.totalMs - outcome.timeToFirstTokenMs;
  return {
    status,
    details: { model: claimed.modelId, tokens, ms: outcome.totalMs, upstreamStatus: outcome.upstreamStatus },
    store: () =>
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
        .where(eq(comparisonResponses.id, claimed.responseId)),
    event: outcome.interrupted
      ? null
      : described
        ? { type: "error", error: described.code, message: described.message }
        : {
            type: "complete",
            done: true,
            tokens,
            timeToFirstTokenMs: outcome.timeToFirstTokenMs,
            responseTimeMs: outcome.totalMs,
            tokensPerSecond: tokensPerSecond(tokens, generating),
            cost: claimed.blind ? null : cost,
          },
    failed: described !== null,
  };
}
