// One chat completion through the API: the same rules as a chat answer (the plan's models and API
// access, the per-person rate limit, the model's timeouts) and the same usage figures, but nothing is
// stored as a conversation: each call is one row of api_calls, whatever way it ended.
import { findCatalogueModel, type ChatCompletionRequest } from "@tessera/contracts";
import { requireFeature, resolveModelOnPlan } from "../../billing/plans";
import type { Database } from "../../db/client";
import { apiCalls } from "../../db/schema";
import { searchKnowledge } from "../../knowledge/search-knowledge";
import { AppError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { limitChatMessages, type RateLimiter } from "../../lib/rate-limiter";
import { estimateTokens, streamModel, type ModelStreamOutcome } from "../../providers/llm/stream-model";
import type { LlmRegistry } from "../../providers/llm/types";
import { OpenAiError } from "./openai-errors";
import { toModelMessages } from "./to-model-messages";

export interface CompletionDeps {
  db: Database;
  llm: LlmRegistry;
  limiter: RateLimiter;
  logger: Logger;
  messagesPerMinute: number;
  idleMs: number;
  totalMs: number;
  allowPrivateFetch: boolean;
}

export interface CompletionOutcome {
  text: string;
  failure: ModelStreamOutcome["failure"];
  interrupted: boolean;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

const notFound = (model: string, why: string) =>
  new OpenAiError(
    404,
    `The model '${model}' ${why}. GET /v1/models lists the ones you can use.`,
    "model_not_found",
    "model",
  );

/** The checks before the call: refusals here are HTTP errors and nothing is counted. */
export async function prepareCompletion(
  deps: CompletionDeps,
  caller: { userId: string },
  request: ChatCompletionRequest,
) {
  await requireFeature(deps.db, caller.userId, "apiAccess");
  await limitChatMessages(deps.limiter, caller.userId, deps.messagesPerMinute);
  const retrieve = (query: string, limit: number) =>
    searchKnowledge(deps.db, caller.userId, query, limit, []);
  const resolved = await resolveModelOnPlan(deps, caller.userId, request.model, { retrieve }).catch(
    (err: unknown) => {
      if (err instanceof AppError && err.code === "BAD_REQUEST")
        throw notFound(request.model, "does not exist");
      if (err instanceof AppError && err.code === "UNAVAILABLE")
        throw notFound(request.model, "is not enabled on this server");
      throw err;
    },
  );
  const vision = Boolean(findCatalogueModel(request.model)?.vision);
  const prompt = await toModelMessages(request.messages, {
    vision,
    allowPrivateFetch: deps.allowPrivateFetch,
  });
  return { resolved, prompt };
}

export async function* runCompletion(
  deps: CompletionDeps,
  caller: { userId: string; keyId: string },
  request: ChatCompletionRequest,
  prepared: Awaited<ReturnType<typeof prepareCompletion>>,
  signal: AbortSignal,
): AsyncGenerator<string, CompletionOutcome> {
  const stop = typeof request.stop === "string" ? [request.stop] : (request.stop ?? undefined);
  const stream = streamModel({
    model: prepared.resolved.model,
    system: prepared.prompt.system,
    messages: prepared.prompt.messages,
    temperature: request.temperature ?? undefined,
    topP: request.top_p ?? undefined,
    maxOutputTokens: request.max_completion_tokens ?? request.max_tokens ?? undefined,
    stopSequences: stop,
    signal,
    idleMs: deps.idleMs,
    totalMs: deps.totalMs,
  });
  let next = await stream.next();
  for (; !next.done; next = await stream.next()) if (next.value.type === "text") yield next.value.text;
  const outcome = next.value;
  const promptTokens = outcome.inputTokens ?? Math.ceil(prepared.prompt.promptChars / 4);
  const completionTokens = outcome.outputTokens ?? estimateTokens(outcome.text);
  const status = outcome.failure ? "failed" : outcome.interrupted ? "stopped" : "complete";
  await deps.db
    .insert(apiCalls)
    .values({
      userId: caller.userId,
      apiKeyId: caller.keyId,
      model: request.model,
      inputTokens: promptTokens,
      outputTokens: completionTokens,
      cost: outcome.cost,
      status,
    })
    .catch((err: unknown) =>
      deps.logger.error(
        { event: "api.usage_not_saved", err: String(err) },
        "an API call's usage was not saved",
      ),
    );
  deps.logger.info(
    {
      event: "api.completion",
      model: request.model,
      status,
      ttftMs: outcome.timeToFirstTokenMs,
      ms: outcome.totalMs,
      tokens: completionTokens,
    },
    "API completion",
  );
  return {
    text: outcome.text,
    failure: outcome.failure,
    interrupted: outcome.interrupted,
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    },
  };
}
