// A checked turn (prepare-chat.ts, prepare-regenerate.ts) becomes a durable answer: opened under its
// id, the model asked, the turn stored, then streamed. Without research the model is asked first and
// the turn stored while its first token is on the way: the write is off the time to first token. A
// write the database refuses (a repeated client message id: 409) aborts the call at once, and whatever
// the provider reported for it is recorded (discarded_model_calls), so no call goes uncounted. With
// research the turn is stored first: its sources take seconds, and pages may follow it meanwhile.
import { LOCAL_MODEL_ID, STREAM_MESSAGES, type ChatStreamEvent } from "@tessera/contracts";
import type { Context } from "hono";
import { discardedModelCalls } from "../../db/schema";
import { gatherResearch } from "../../knowledge/gather-research";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { sseResponse } from "../../lib/sse-response";
import type { Retrieve } from "../../providers/llm/types";
import type { SearchProvider } from "../../providers/search/types";
import type { DurableAnswers, OpenAnswer } from "../../streams/durable-answers";
import { runAnswer } from "../../streams/run-answer";
import { closeAnswer } from "./close-orphaned-answers";
import type { PreparedChat } from "./prepare-chat";
import {
  callChatModel,
  chatAnswer,
  draftAnswer,
  outcomeOf,
  type ChatModelCall,
  type ChatTools,
  type ContextSource,
  type Persona,
  type StreamDeps,
} from "./run-chat-stream";

export interface AnswerDeps extends Omit<StreamDeps, "logger"> {
  answers: DurableAnswers;
  search: SearchProvider;
  allowPrivateFetch?: boolean;
}

export interface Asked {
  userId: string;
  question: string;
  deepCrawl: boolean;
  persona: Persona | null;
  retrieve: Retrieve;
  /** The tools the model may call in this answer; null when none (or the model cannot call them). */
  tools: ChatTools | null;
}

export async function startAnswer(
  deps: AnswerDeps,
  c: Context<AppEnv>,
  prepared: PreparedChat,
  asked: Asked,
): Promise<Response> {
  const log = c.get("logger");
  const streamDeps = { ...deps, logger: log };
  const answer = deps.answers.open(prepared.assistantMessageId, {
    draft: draftAnswer(deps.db, prepared.assistantMessageId),
    log,
    event: "chat.stream",
  });
  let context: ContextSource[] = [];
  let call: ChatModelCall;
  let stored = false;
  try {
    const research =
      prepared.research &&
      prepared.modelId !== LOCAL_MODEL_ID &&
      prepared.resolved.provider !== "tessera-local";
    if (research) {
      await prepared.store();
      stored = true;
      context = await gatherResearch(
        { db: deps.db, search: deps.search, logger: log, allowPrivateFetch: deps.allowPrivateFetch },
        {
          userId: asked.userId,
          query: asked.question,
          deepCrawl: asked.deepCrawl,
          retrieve: asked.retrieve,
          signal: answer.signal,
        },
      );
      call = await callChatModel(
        streamDeps,
        prepared,
        asked.question,
        context,
        asked.persona,
        answer.signal,
        asked.tools,
      );
    } else {
      const asking = callChatModel(
        streamDeps,
        prepared,
        asked.question,
        [],
        asked.persona,
        answer.signal,
        asked.tools,
      );
      const refused = await prepared.store().then(
        () => null,
        (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
      );
      call = await asking;
      if (refused) {
        await discard(deps, c, answer, prepared, call, asked.userId, refused);
        throw refused;
      }
    }
  } catch (err) {
    // Stored, then failed before its stream began: closed here rather than left to the sweep.
    if (stored)
      await closeAnswer(deps.db, prepared.assistantMessageId).catch((closeErr: unknown) =>
        log.warn({ event: "chat.stream.close_failed", err: String(closeErr) }, "left to the sweep"),
      );
    answer.end();
    throw err;
  }
  return sseResponse(
    c,
    () =>
      runAnswer<ChatStreamEvent>(
        answer,
        { log, event: "chat.stream" },
        chatAnswer(streamDeps, prepared, context, call, answer),
      ),
    // The answer goes on if its client leaves (a reload reads it back); Stop names it.
    { controller: answer.controller, outliveClient: true },
  );
}

/** The turn was refused: the call it began is aborted, and what it cost so far is written down. */
async function discard(
  deps: AnswerDeps,
  c: Context<AppEnv>,
  answer: OpenAnswer,
  prepared: PreparedChat,
  call: ChatModelCall,
  userId: string,
  refused: unknown,
) {
  answer.controller.abort();
  const outcome = await outcomeOf(call);
  const duplicate = refused instanceof AppError && refused.message === STREAM_MESSAGES.duplicate;
  c.get("logger").info(
    {
      event: "chat.stream.discarded",
      model: prepared.modelId,
      reason: duplicate ? "duplicate" : "refused",
      inputTokens: outcome.inputTokens,
      outputTokens: outcome.outputTokens,
    },
    "turn refused; its model call was aborted",
  );
  await deps.db
    .insert(discardedModelCalls)
    .values({
      userId,
      model: prepared.modelId,
      inputTokens: outcome.inputTokens,
      outputTokens: outcome.outputTokens,
      cost: outcome.cost,
      reason: duplicate ? "duplicate" : "refused",
    })
    .catch((err: unknown) =>
      c
        .get("logger")
        .warn(
          { event: "chat.stream.discard_unrecorded", err: err instanceof Error ? err.message : String(err) },
          "the aborted call's usage was not recorded",
        ),
    );
}
