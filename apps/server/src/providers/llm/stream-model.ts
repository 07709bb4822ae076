// One model call as a stream of text and sources, with the guards every caller needs: an idle and an
// overall timeout, the caller's abort, timings, and an outcome that says how it ended. A 429 that asks
// for a short wait (Retry-After up to 5 s) before any text is tried once more, and so is a connection
// that closed before any answer (a kept-alive connection the provider had just let go); a bare 429
// or a longer wait is reported at once. Chat and comparison both stream through here; what they store and send
// is theirs.
import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3Prompt,
  type LanguageModelV3FunctionTool,
  type LanguageModelV3StreamPart,
  type LanguageModelV3ToolChoice,
  type LanguageModelV3ToolResultPart,
  type SharedV3ProviderMetadata,
} from "@ai-sdk/provider";
import type { JSONSchema7 } from "@ai-sdk/provider";
import type { ModelMessage } from "ai";
import { CHAT_ERROR_MESSAGES, TOOL_OUTPUT_MAX_CHARS } from "@tessera/contracts";
import type { ToolDefinition, ToolOutput, ToolRunContext } from "../../tools/types";
import { citedChunkFrom, type CitedChunk } from "./cited-chunk";
import { classifyLlmError, ModelUnavailableError, type LlmErrorKind } from "./llm-errors";
import { statusOf, type ModelStatus } from "./model-status";
import { reportModelCall } from "../../observability/model-calls";

export interface ModelStreamOptions {
  model: LanguageModelV3;
  system: string;
  messages: ModelMessage[];
  temperature?: number;
  maxOutputTokens?: number;
  /** Sampling and stop sequences as a program asks for them (the OpenAI-compatible API). */
  topP?: number;
  stopSequences?: string[];
  /** The caller's abort (the person pressed Stop or left). */
  signal: AbortSignal;
  /** Upstream silence after which the call is abandoned, and the overall cap. */
  idleMs: number;
  totalMs: number;
  /** Tools the model may call; absent (or empty) for a model that answers in words alone. */
  tools?: ToolLoopOptions;
  /**
   * A program's own tools (the OpenAI-compatible API): offered to the model, and its calls come back as
   * `tool-call` parts (input: the arguments as sent) and end the answer; nothing here runs them.
   */
  programTools?: { tools: LanguageModelV3FunctionTool[]; choice: LanguageModelV3ToolChoice };
}

/**
 * A piece of the answer's text, and the whole text so far (this piece included): the same string the
 * outcome ends with, so a caller that stores drafts keeps no second copy of the answer as it grows.
 */
export type ModelStreamPart =
  | { type: "text"; text: string; sofar: string }
  | ({ type: "source"; title: string; url: string } & CitedChunk)
  /** Before the first word of a model that runs here: its line, its loading (model-status.ts). */
  | { type: "status"; status: ModelStatus }
  /** The model called a tool; with `tool-approval` it waits for the person first. */
  | { type: "tool-call"; call: ToolCallRequest }
  | { type: "tool-approval"; call: ToolCallRequest }
  | {
      type: "tool-result";
      result: { id: string; output: string; isError: boolean; durationMs: number; approved: boolean };
    };

export interface ModelStreamOutcome {
  text: string;
  /** As the provider reported it; null when it did not. */
  outputTokens: number | null;
  inputTokens: number | null;
  /** Set when the call failed: why, in the spec's terms, or a timeout. */
  failure: LlmErrorKind | "timeout" | null;
  /** The caller aborted; the text so far stands. */
  interrupted: boolean;
  timeToFirstTokenMs: number | null;
  totalMs: number;
  /** US dollars, when the provider reports it in its metadata (OpenRouter does). */
  cost: number | null;
  /** The upstream HTTP status of a failure, for logs. */
  upstreamStatus?: number;
  /** The failure in the model's own words for people, when it has some (ModelUnavailableError). */
  message?: string;
  errorName?: string;
  /** Model calls made: one without tools, one more for each round of tool calls. */
  steps?: number;
}

const FAILURE_CODES = {
  rateLimited: "RATE_LIMITED",
  unavailable: "MODEL_UNAVAILABLE",
  failed: "STREAM_FAILED",
  timeout: "TIMEOUT",
} as const;

/** The wire error of a failed call: a code, and the spec's message (a timeout reads as unavailable). */
export function describeFailure(
  kind: NonNullable<ModelStreamOutcome["failure"]>,
  message?: string,
): {
  code: string;
  message: string;
} {
  return {
    code: FAILURE_CODES[kind],
    message: message ?? CHAT_ERROR_MESSAGES[kind === "timeout" ? "unavailable" : kind],
  };
}

/** When a provider reports no usage: about four characters a token. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

function reportedCost(metadata: unknown): number | null {
  const cost = (metadata as { openrouter?: { usage?: { cost?: unknown } } } | undefined)?.openrouter?.usage
    ?.cost;
  return typeof cost === "number" && Number.isFinite(cost) ? cost : null;
}

/** The longest Retry-After a rate-limited call waits out (once) before giving the person the error. */
export const RATE_LIMIT_RETRY_MAX_MS = 5_000;

/** How long a 429 asks to wait (Retry-After-Ms or Retry-After in seconds), when that is short. */
function shortRetryAfter(error: unknown): number | null {
  if (!APICallError.isInstance(error) || error.statusCode !== 429) return null;
  const headers = error.responseHeaders ?? {};
  const ms = headers["retry-after-ms"]
    ? Number(headers["retry-after-ms"])
    : headers["retry-after"]
      ? Number(headers["retry-after"]) * 1000
      : Number.NaN;
  return Number.isFinite(ms) && ms >= 0 && ms <= RATE_LIMIT_RETRY_MAX_MS ? ms : null;
}

/**
 * The call never got an answer: the connection failed before any status came back. A provider that
 * closes an idle kept-alive connection as the request goes out looks like this, and asking again on a
 * fresh connection is what a browser would do. Never after a status or any text.
 */
function connectionFailedBeforeAnswer(error: unknown): boolean {
  return APICallError.isInstance(error) && error.statusCode === undefined && error.responseBody === undefined;
}

/** Our messages as the provider interface's prompt: text, and pictures as files. */
export function toPrompt(system: string, messages: ModelMessage[]): LanguageModelV3Prompt {
  const prompt: LanguageModelV3Prompt = system ? [{ role: "system", content: system }] : [];
  for (const m of messages) {
    if (m.role === "user") {
      const content =
        typeof m.content === "string" ? [{ type: "text" as const, text: m.content }] : m.content;
      prompt.push({
        role: "user",
        content: content.map((part) => {
          if (part.type === "text") return { type: "text", text: part.text };
          if (part.type === "image" && (part.image instanceof Uint8Array || typeof part.image === "string"))
            return { type: "file", data: part.image, mediaType: part.mediaType ?? "image/png" };
          throw new Error(`A ${part.type} part is not sent to models.`);
        }),
      });
    } else if (m.role === "assistant") {
      const text =
        typeof m.content === "string"
          ? m.content
          : m.content.map((part) => (part.type === "text" ? part.text : "")).join("");
      const calls = typeof m.content === "string" ? [] : m.content.filter((p) => p.type === "tool-call");
      prompt.push({
        role: "assistant",
        content: [
          ...(text || !calls.length ? [{ type: "text" as const, text }] : []),
          ...calls.map((c) => ({
            type: "tool-call" as const,
            toolCallId: c.toolCallId,
            toolName: c.toolName,
            input: c.input,
          })),
        ],
      });
    } else if (m.role === "system") prompt.push({ role: "system", content: m.content });
    else
      // A program's tool results (the OpenAI-compatible API), as text.
      prompt.push({
        role: "tool",
        content: m.content.flatMap((p) =>
          p.type === "tool-result"
            ? [
                {
                  type: "tool-result" as const,
                  toolCallId: p.toolCallId,
                  toolName: p.toolName,
                  output: {
                    type: "text" as const,
                    value: p.output.type === "text" ? p.output.value : JSON.stringify(p.output),
                  },
                },
              ]
            : [],
        ),
      });
  }
  return prompt;
}

/** What a tool call the model made looks like to the loop's callers: its id, the tool's name, the input. */
export interface ToolCallRequest {
  id: string;
  name: string;
  input: unknown;
}

/** Tools the model may call during one answer, and how a call that needs the person's approval gets it. */
export interface ToolLoopOptions {
  tools: readonly ToolDefinition[];
  /** Model calls per answer, the first included: after the last one the model answers without tools. */
  maxSteps: number;
  /** Who runs the tools: the person asking. */
  context: Omit<ToolRunContext, "signal">;
  /** Resolves true once the person approves the call, false when they deny it or the wait runs out. */
  approve(call: ToolCallRequest, signal: AbortSignal): Promise<boolean>;
}

/** The loop's word to the model for a call it may not make, and for one the person denied. */
const UNKNOWN_TOOL = "There is no tool by that name in this conversation.";
export const DENIED_TOOL = "The person did not allow this call.";

/** A tool's output as the model and the page read it: text, capped. */
export function capToolOutput(output: unknown): string {
  // A tool that breaks the shape (an object for text) is shown as JSON, never run or rendered.
  const text = typeof output === "string" ? output : (JSON.stringify(output) ?? "");
  return text.length > TOOL_OUTPUT_MAX_CHARS
    ? `${text.slice(0, TOOL_OUTPUT_MAX_CHARS)}\n[Output cut at ${TOOL_OUTPUT_MAX_CHARS} characters]`
    : text;
}

function parseToolInput(raw: string): unknown {
  try {
    return JSON.parse(raw || "{}") as unknown;
  } catch {
    return raw;
  }
}

/**
 * Reads the model's own stream (the provider interface's `doStream`), not the AI SDK's `streamText`:
 * the chat needs text, sources, usage and how it ended, and `streamText`'s stages (steps, tools,
 * telemetry, a tee) cost about 4 ms a call and a third of a millisecond a chunk for none of them.
 * With `tools`, the loop is its own: each step streams text, its tool calls run (approved first when
 * the tool asks for it), their results go back, and the next step continues the same answer.
 */
export async function* streamModel(
  options: ModelStreamOptions,
): AsyncGenerator<ModelStreamPart, ModelStreamOutcome> {
  const { signal } = options;
  const started = performance.now();
  const upstream = new AbortController();
  const onClientAbort = () => upstream.abort(new Error("client aborted"));
  signal.addEventListener("abort", onClientAbort, { once: true });
  let idle: NodeJS.Timeout | undefined;
  let timedOut = false;
  // One timer for the call, pushed back on every part instead of a new timer a chunk.
  const touch = () => {
    if (idle) idle.refresh();
    else
      idle = setTimeout(() => {
        timedOut = true;
        upstream.abort(new Error("upstream idle"));
      }, options.idleMs);
  };
  // The overall cap counts the model and the tools, not a person deciding on an approval.
  let totalLeft = options.totalMs;
  let totalFrom = performance.now();
  const startTotal = () =>
    setTimeout(() => {
      timedOut = true;
      upstream.abort(new Error("upstream too slow"));
    }, totalLeft);
  let total = startTotal();
  const pauseTimers = () => {
    clearTimeout(idle);
    idle = undefined;
    clearTimeout(total);
    totalLeft -= performance.now() - totalFrom;
  };
  const resumeTimers = () => {
    totalFrom = performance.now();
    total = startTotal();
    touch();
  };

  const outcome: ModelStreamOutcome = {
    text: "",
    outputTokens: null,
    inputTokens: null,
    failure: null,
    interrupted: false,
    timeToFirstTokenMs: null,
    totalMs: 0,
    cost: null,
    steps: 0,
  };
  const prompt = toPrompt(options.system, options.messages);
  const loop = options.tools?.tools.length ? options.tools : null;
  const offered = loop?.tools.map((t) => ({
    type: "function" as const,
    name: t.name,
    description: t.description,
    inputSchema: t.inputSchema as JSONSchema7,
  }));
  const add = (sum: number | null, n: number | undefined) => (n === undefined ? sum : (sum ?? 0) + n);
  let lastError: unknown;
  const failed = (error: unknown) => {
    lastError = error;
    outcome.failure = classifyLlmError(error);
    outcome.upstreamStatus = APICallError.isInstance(error) ? error.statusCode : undefined;
    outcome.errorName = error instanceof Error ? error.name : "unknown";
    outcome.message = error instanceof ModelUnavailableError ? error.message : undefined;
  };
  try {
    for (let step = 1; ; step++) {
      outcome.steps = step;
      const calls: {
        toolCallId: string;
        toolName: string;
        input: string;
        providerMetadata?: SharedV3ProviderMetadata;
      }[] = [];
      let stepText = "";
      // The last step offers no tools, so the answer ends in words.
      const withTools = loop !== null && step < loop.maxSteps;
      for (let attempt = 1; ; attempt++) {
        touch();
        let reader: ReadableStreamDefaultReader<LanguageModelV3StreamPart> | null = null;
        try {
          const { stream } = await options.model.doStream({
            prompt,
            temperature: options.temperature,
            maxOutputTokens: options.maxOutputTokens,
            topP: options.topP,
            stopSequences: options.stopSequences,
            abortSignal: upstream.signal,
            ...(withTools
              ? { tools: offered, toolChoice: { type: "auto" as const } }
              : options.programTools
                ? { tools: options.programTools.tools, toolChoice: options.programTools.choice }
                : {}),
          });
          reader = stream.getReader();
          for (;;) {
            const { done, value: part } = await reader.read();
            if (done) break;
            touch();
            if (part.type === "text-delta") {
              if (!part.delta) continue;
              outcome.timeToFirstTokenMs ??= Math.round(performance.now() - started);
              // A later step's words start a paragraph of their own.
              const delta =
                !stepText && outcome.text && !outcome.text.endsWith("\n") ? `\n\n${part.delta}` : part.delta;
              stepText += delta;
              outcome.text += delta;
              yield { type: "text", text: delta, sofar: outcome.text };
            } else if (part.type === "raw") {
              const status = statusOf(part);
              if (status && !outcome.text) yield { type: "status", status };
            } else if (part.type === "source" && part.sourceType === "url") {
              const cited = citedChunkFrom(part.providerMetadata?.tessera);
              yield { type: "source", title: part.title ?? part.url, url: part.url, ...cited };
            } else if (part.type === "tool-call") {
              if (withTools) calls.push(part);
              else if (options.programTools) {
                // Kept so a failure after it is not retried; with no loop the step ends the answer.
                calls.push(part);
                yield {
                  type: "tool-call",
                  call: { id: part.toolCallId, name: part.toolName, input: part.input },
                };
              }
            } else if (part.type === "finish") {
              outcome.outputTokens = add(outcome.outputTokens, part.usage.outputTokens.total);
              outcome.inputTokens = add(outcome.inputTokens, part.usage.inputTokens.total);
              const cost = reportedCost(part.providerMetadata);
              if (cost !== null) outcome.cost = (outcome.cost ?? 0) + cost;
            } else if (part.type === "error") {
              failed(part.error);
              // The answer ends at its first error: whatever a provider sends after one (a malformed
              // chunk, an error object mid-stream) would leave a hole in the text.
              break;
            }
          }
        } catch (error) {
          // The call was refused (an HTTP error, no connection) or its stream broke or was aborted.
          if (upstream.signal.aborted) {
            if (!timedOut) outcome.interrupted = true;
          } else failed(error);
        } finally {
          // Stop reading a provider that failed mid-stream: its connection is closed, not left to drain.
          void reader?.cancel().catch(() => undefined);
        }
        const retryIn =
          outcome.failure && attempt === 1 && !stepText && !calls.length && !upstream.signal.aborted
            ? connectionFailedBeforeAnswer(lastError)
              ? 0
              : shortRetryAfter(lastError)
            : null;
        if (retryIn === null || signal.aborted || timedOut) break;
        // A 429 that names a short wait, or a connection lost before any answer: wait, then ask again.
        clearTimeout(idle);
        idle = undefined;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, retryIn);
          upstream.signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
        });
        if (upstream.signal.aborted) break;
        outcome.failure = null;
        outcome.upstreamStatus = undefined;
        outcome.errorName = undefined;
        outcome.message = undefined;
      }
      if (!loop || !calls.length || outcome.failure || upstream.signal.aborted) break;

      // The step's calls, one after another, and what each returned, for the next step.
      const results: LanguageModelV3ToolResultPart[] = [];
      for (const call of calls) {
        const request = { id: call.toolCallId, name: call.toolName, input: parseToolInput(call.input) };
        yield { type: "tool-call", call: request };
        // Only a tool the person switched on runs: a name the model made up (or read in a tool's
        // output) finds nothing.
        const tool = loop.tools.find((t) => t.name === call.toolName);
        let allowed = tool !== undefined;
        if (tool?.requireApproval) {
          yield { type: "tool-approval", call: request };
          pauseTimers();
          allowed = await untilAborted(loop.approve(request, upstream.signal), upstream.signal);
          if (upstream.signal.aborted) break;
          resumeTimers();
        }
        const began = performance.now();
        let result: ToolOutput;
        if (!tool) result = { output: UNKNOWN_TOOL, isError: true };
        else if (!allowed) result = { output: DENIED_TOOL, isError: true };
        else result = await runTool(tool, request.input, { ...loop.context, signal: upstream.signal });
        if (upstream.signal.aborted) break;
        touch();
        const output = capToolOutput(result.output);
        const durationMs = Math.round(performance.now() - began);
        yield {
          type: "tool-result",
          result: { id: request.id, output, isError: result.isError, durationMs, approved: allowed },
        };
        results.push({
          type: "tool-result",
          toolCallId: call.toolCallId,
          toolName: call.toolName,
          output:
            !allowed && tool
              ? { type: "execution-denied", reason: DENIED_TOOL }
              : {
                  type: result.isError ? "error-text" : "text",
                  value: output,
                },
        });
      }
      if (upstream.signal.aborted) break;
      prompt.push(
        {
          role: "assistant",
          content: [
            ...(stepText ? [{ type: "text" as const, text: stepText }] : []),
            ...calls.map((c) => ({
              type: "tool-call" as const,
              toolCallId: c.toolCallId,
              toolName: c.toolName,
              input: parseToolInput(c.input),
              // What the vendor tied to the call goes back with it: Gemini refuses a replayed call
              // without its thought signature.
              ...(c.providerMetadata ? { providerOptions: c.providerMetadata } : {}),
            })),
          ],
        },
        { role: "tool", content: results },
      );
    }
  } finally {
    clearTimeout(idle);
    clearTimeout(total);
    signal.removeEventListener("abort", onClientAbort);
    if (!upstream.signal.aborted && outcome.failure) upstream.abort(new Error("upstream failed"));
  }
  if (timedOut && !outcome.interrupted) outcome.failure ??= "timeout";
  if (signal.aborted) outcome.interrupted = true;
  outcome.totalMs = Math.round(performance.now() - started);
  reportModelCall(options.model, outcome);
  return outcome;
}

/** A yes or no that an abort (Stop, shutdown) turns into no at once; a failure is a no too. */
function untilAborted(decision: Promise<boolean>, signal: AbortSignal): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const onAbort = () => resolve(false);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    decision.then(resolve, () => resolve(false)).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** Runs one tool: a throw is its error, and an abort (Stop, a timeout) ends the wait at once. */
function runTool(tool: ToolDefinition, input: unknown, ctx: ToolRunContext): Promise<ToolOutput> {
  return new Promise<ToolOutput>((resolve) => {
    const onAbort = () => resolve({ output: "The call was stopped.", isError: true });
    if (ctx.signal.aborted) return onAbort();
    ctx.signal.addEventListener("abort", onAbort, { once: true });
    Promise.resolve()
      .then(() => tool.run(input, ctx))
      .then(
        (r) => resolve({ output: r.output, isError: Boolean(r.isError) }),
        (err: unknown) =>
          resolve({
            output: `The tool failed: ${err instanceof Error ? err.message : String(err)}`,
            isError: true,
          }),
      )
      .finally(() => ctx.signal.removeEventListener("abort", onAbort));
  });
}
