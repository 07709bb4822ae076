// One chat completion through the API: the same rules as a chat answer (the plan's models and API
// access, the per-person rate limit, the model's timeouts) and the same usage figures, but nothing is
// stored as a conversation: each call is one row of api_calls, whatever way it ended.
import type { LanguageModelV3FunctionTool, LanguageModelV3ToolChoice } from "@ai-sdk/provider";
import {
  findCatalogueModel,
  providerSupportsTools,
  type ChatCompletionRequest,
  type OpenAiToolChoice,
} from "@tessera/contracts";
import { requireFeature, resolveModelOnPlan } from "../../billing/plans";
import type { Database } from "../../db/client";
import { apiCalls } from "../../db/schema";
import { retrievePassages } from "../../knowledge/retrieve-passages";
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

/** A call the model made to one of the program's tools: the program runs it, not Tessera. */
export interface ProgramToolCall {
  id: string;
  name: string;
  /** The arguments as JSON text, as OpenAI's clients read them. */
  arguments: string;
}

/** What the answer yields as it streams: its text, and the program's tool calls. */
export type CompletionPart = { type: "text"; text: string } | { type: "tool-call"; call: ProgramToolCall };

export interface CompletionOutcome {
  text: string;
  toolCalls: ProgramToolCall[];
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
    retrievePassages(deps.db, caller.userId, query, limit, []);
  const resolved = await resolveModelOnPlan(deps, caller.userId, request.model, { retrieve }).catch(
    (err: unknown) => {
      if (err instanceof AppError && err.code === "BAD_REQUEST")
        throw notFound(request.model, "does not exist");
      if (err instanceof AppError && err.code === "UNAVAILABLE")
        throw notFound(request.model, "is not enabled on this server");
      throw err;
    },
  );
  if (request.tools?.length && !providerSupportsTools(resolved.provider))
    throw new OpenAiError(
      400,
      `The model '${request.model}' cannot call tools. Send the request without tools, or pick a model served by a remote provider.`,
      "invalid_value",
      "tools",
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
): AsyncGenerator<CompletionPart, CompletionOutcome> {
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
    programTools: request.tools?.length
      ? { tools: request.tools.map(toFunctionTool), choice: toToolChoice(request.tool_choice) }
      : undefined,
  });
  const toolCalls: ProgramToolCall[] = [];
  let next = await stream.next();
  for (; !next.done; next = await stream.next()) {
    const part = next.value;
    if (part.type === "text") yield { type: "text", text: part.text };
    else if (part.type === "tool-call") {
      const call = {
        id: part.call.id,
        name: part.call.name,
        arguments: typeof part.call.input === "string" ? part.call.input : JSON.stringify(part.call.input),
      };
      toolCalls.push(call);
      yield { type: "tool-call", call };
    }
  }
  const outcome = next.value;
  const promptTokens = outcome.inputTokens ?? Math.ceil(prepared.prompt.promptChars / 4);
  const completionTokens =
    outcome.outputTokens ??
    estimateTokens(outcome.text + toolCalls.map((c) => c.name + c.arguments).join(""));
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
    toolCalls,
    failure: outcome.failure,
    interrupted: outcome.interrupted,
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    },
  };
}

function toFunctionTool(
  tool: NonNullable<ChatCompletionRequest["tools"]>[number],
): LanguageModelV3FunctionTool {
  return {
    type: "function",
    name: tool.function.name,
    ...(tool.function.description ? { description: tool.function.description } : {}),
    // OpenAI reads a tool without parameters as one that takes none.
    inputSchema: tool.function.parameters ?? { type: "object", properties: {} },
  };
}

function toToolChoice(choice: OpenAiToolChoice | null | undefined): LanguageModelV3ToolChoice {
  if (!choice || choice === "auto") return { type: "auto" };
  if (choice === "none" || choice === "required") return { type: choice };
  return { type: "tool", toolName: choice.function.name };
}
