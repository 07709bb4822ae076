// A chat model on any server that speaks OpenAI's chat completions (OpenAI itself, OpenRouter, Ollama,
// vLLM, LM Studio, llama.cpp…), written for the relay's hot path: one HTTP request on a kept-alive
// connection, the event stream parsed as it arrives, and one ReadableStream of parts to the caller.
// Text deltas that arrive in one read leave as one part, so a server that sends faster than it is read
// costs one trip per read, not per token. The general SDK clients stacked about ten web streams per
// answer (body, decoder, event parser, schema, transform…), which cost CPU on every chunk and
// hundreds of kilobytes per open stream.
//
// It keeps the guard's promises (guard-upstream-model.ts) itself: exactly one request per call, an
// HTTP failure thrown as a not-retryable APICallError, a read failure as a final `error` part, an abort
// as an AbortError, and no configured key in anything it reports.
import {
  request as httpRequest,
  Agent as HttpAgent,
  type ClientRequest,
  type IncomingMessage,
} from "node:http";
import { request as httpsRequest, Agent as HttpsAgent } from "node:https";
import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3Content,
  type LanguageModelV3FinishReason,
  type LanguageModelV3Prompt,
  type LanguageModelV3StreamPart,
  type LanguageModelV3ToolResultOutput,
  type LanguageModelV3Usage,
  type SharedV3ProviderMetadata,
} from "@ai-sdk/provider";
import { createEventStreamReader } from "./event-stream";
import { abortError, redactSecrets, sanitizeUpstreamError, StreamInterruptedError } from "./llm-errors";

export interface OpenAiChatEndpoint {
  /** Names the provider in errors and metadata: "openai-compatible", "openrouter". */
  provider: string;
  /** Base URL up to and including the version: `https://api.openai.com/v1`. */
  baseURL: string;
  apiKey?: string;
  headers?: Record<string, string>;
  /** Extra fields of every request body (OpenRouter's `usage: { include: true }`). */
  body?: Record<string, unknown>;
  /** Keys to redact from anything the upstream echoes back. */
  secrets: readonly string[];
  /**
   * The endpoint is OpenAI's own API. The answer's cap goes as `max_completion_tokens` (there
   * `max_tokens` is deprecated, and the reasoning models refuse it), and a reasoning model is sent no
   * temperature or top_p, which it refuses unless they are the defaults. Other servers that speak the
   * protocol (OpenRouter, Ollama, vLLM, llama.cpp…) read `max_tokens`, and not all of them know the
   * other name.
   */
  openAi?: boolean;
}

/** OpenAI's reasoning models, by name: the o-series and GPT-5 (but GPT-5's chat model samples as GPT-4o does). */
const isOpenAiReasoningModel = (name: string) =>
  /^o\d/.test(name) || (name.startsWith("gpt-5") && !name.startsWith("gpt-5-chat"));

/** The largest error body read from an upstream that refused a call. */
const ERROR_BODY_MAX = 64 * 1024;
/** The largest whole (non-streamed) answer read. */
const ANSWER_MAX = 16 * 1024 * 1024;
const TEXT_ID = "text-0";

type Chunk = {
  choices?: {
    delta?: {
      content?: unknown;
      tool_calls?: ToolCallDelta[] | null;
      annotations?: { type?: unknown; url_citation?: { url?: unknown; title?: unknown } }[];
    } | null;
    finish_reason?: unknown;
  }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown; cost?: unknown } | null;
  error?: { message?: unknown } | null;
};

/** A fragment of one tool call: keyed by `index`; id and name come first, arguments in pieces. */
type ToolCallDelta = {
  index?: unknown;
  id?: unknown;
  function?: { name?: unknown; arguments?: unknown } | null;
};

/** The tools of a call as chat completions takes them, and how the model may choose among them. */
function toolFields(options: LanguageModelV3CallOptions): Record<string, unknown> {
  const tools = (options.tools ?? []).filter((t) => t.type === "function");
  if (!tools.length) return {};
  const choice = options.toolChoice;
  return {
    tools: tools.map((t) => ({
      type: "function",
      function: {
        name: t.name,
        ...(t.description ? { description: t.description } : {}),
        parameters: t.inputSchema,
      },
    })),
    ...(choice
      ? {
          tool_choice:
            choice.type === "tool" ? { type: "function", function: { name: choice.toolName } } : choice.type,
        }
      : {}),
  };
}

/**
 * Aborting the signal destroys the request; returns what stops listening. Made out here, with nothing
 * of the call in reach: a listener that lives as long as the answer must not keep the request body (the
 * whole conversation, and its JSON) alive through the scope it was made in. For the same reason a
 * response's request ignores late errors with `ignore`, not a closure made inside `post`.
 */
function destroyOnAbort(req: ClientRequest, signal: AbortSignal | undefined): () => void {
  if (!signal) return ignore;
  const onAbort = () => req.destroy(abortError(signal));
  signal.addEventListener("abort", onAbort, { once: true });
  return () => signal.removeEventListener("abort", onAbort);
}

const ignore = () => undefined;

export function createOpenAiChatModels(endpoint: OpenAiChatEndpoint): (modelName: string) => LanguageModelV3 {
  const url = new URL(`${endpoint.baseURL.replace(/\/+$/, "")}/chat/completions`);
  const https = url.protocol === "https:";
  const agent = https ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const send = https ? httpsRequest : httpRequest;
  const safeUrl = redactSecrets(url.href, endpoint.secrets);
  const headers = {
    ...endpoint.headers,
    ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
    "content-type": "application/json",
    accept: "text/event-stream, application/json",
  };

  /** Sends one request; resolves with a 2xx response, throws an APICallError for anything else. */
  function post(body: Record<string, unknown>, signal: AbortSignal | undefined): Promise<IncomingMessage> {
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(abortError(signal));
      const req = send(url, {
        method: "POST",
        agent,
        headers: { ...headers, "content-length": Buffer.byteLength(payload) },
      });
      const settled = destroyOnAbort(req, signal);
      const onRequestError = (err: Error) => {
        settled();
        if (signal?.aborted) return reject(abortError(signal));
        // No status came back: the connection failed (or a kept-alive one had just been let go).
        reject(
          new APICallError({
            message: `Cannot connect to API: ${err.message}`,
            url: safeUrl,
            requestBodyValues: body,
            cause: err,
            isRetryable: false,
          }),
        );
      };
      req.once("error", onRequestError);
      req.once("response", (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) {
          // The response reports its own failures from here, and an open stream no longer holds the
          // request body (the whole conversation) through this listener.
          req.off("error", onRequestError).on("error", ignore);
          // The caller's read owns the abort from here: the signal still destroys the request.
          res.once("close", settled);
          return resolve(res);
        }
        readAll(res, ERROR_BODY_MAX).then(
          (text) => {
            settled();
            reject(refusal(status, res, text, body));
          },
          (err: unknown) => {
            settled();
            reject(
              signal?.aborted ? abortError(signal) : err instanceof Error ? err : new Error(String(err)),
            );
          },
        );
      });
      req.end(payload);
    });
  }

  function refusal(status: number, res: IncomingMessage, text: string, body: unknown): Error {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
    const message = (data as { error?: { message?: unknown } } | undefined)?.error?.message;
    return sanitizeUpstreamError(
      new APICallError({
        message: typeof message === "string" ? message : res.statusMessage || `HTTP ${status}`,
        url: safeUrl,
        requestBodyValues: body,
        statusCode: status,
        responseHeaders: headerRecord(res),
        responseBody: text,
        isRetryable: false,
        data,
      }),
      endpoint.secrets,
    ) as APICallError;
  }

  const capField = endpoint.openAi ? "max_completion_tokens" : "max_tokens";
  return (modelName) => {
    const samples = !(endpoint.openAi && isOpenAiReasoningModel(modelName));
    const requestBody = (options: LanguageModelV3CallOptions, stream: boolean) => ({
      ...endpoint.body,
      model: modelName,
      messages: toOpenAiMessages(options.prompt),
      ...(samples && options.temperature !== undefined ? { temperature: options.temperature } : {}),
      ...(options.maxOutputTokens !== undefined ? { [capField]: options.maxOutputTokens } : {}),
      ...(samples && options.topP !== undefined ? { top_p: options.topP } : {}),
      ...(options.stopSequences?.length ? { stop: options.stopSequences } : {}),
      ...toolFields(options),
      ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
    });

    return {
      specificationVersion: "v3",
      provider: endpoint.provider,
      modelId: modelName,
      supportedUrls: {},

      async doGenerate(options) {
        const body = requestBody(options, false);
        const res = await post(body, options.abortSignal);
        const text = await readAll(res, ANSWER_MAX).catch((err: unknown) => {
          throw options.abortSignal?.aborted ? abortError(options.abortSignal) : err;
        });
        let answer: Chunk & {
          choices?: {
            message?: {
              content?: unknown;
              tool_calls?: { id?: unknown; function?: { name?: unknown; arguments?: unknown } }[];
            };
          }[];
        };
        try {
          answer = JSON.parse(text) as typeof answer;
        } catch {
          throw new Error("The model's answer was not JSON.");
        }
        const content: LanguageModelV3Content[] = [];
        const said = answer.choices?.[0]?.message?.content;
        if (typeof said === "string") content.push({ type: "text", text: said });
        for (const [i, call] of (answer.choices?.[0]?.message?.tool_calls ?? []).entries()) {
          const name = call?.function?.name;
          if (typeof name !== "string") continue;
          const args = call.function?.arguments;
          content.push({
            type: "tool-call",
            toolCallId: typeof call.id === "string" ? call.id : `call-${i}`,
            toolName: name,
            input: typeof args === "string" && args ? args : "{}",
          });
        }
        const metadata = costMetadata(endpoint.provider, answer.usage);
        return {
          content,
          finishReason: finishReason(answer.choices?.[0]?.finish_reason),
          usage: usageOf(answer.usage),
          ...(metadata ? { providerMetadata: metadata } : {}),
          warnings: [],
          response: { modelId: modelName },
        };
      },

      async doStream(options) {
        const body = requestBody(options, true);
        const signal = options.abortSignal;
        // No `request: { body }` in the result: nothing reads it, and it would keep the conversation.
        return { stream: partsOf(await post(body, signal), signal, endpoint) };
      },
    } satisfies LanguageModelV3;
  };
}

/** The parts of one streamed answer, read straight off the response. */
function partsOf(
  res: IncomingMessage,
  signal: AbortSignal | undefined,
  endpoint: OpenAiChatEndpoint,
): ReadableStream<LanguageModelV3StreamPart> {
  let usage: Chunk["usage"] = null;
  let reason: unknown = null;
  let textStarted = false;
  let ended = false;
  let text = "";
  // Tool calls as they arrive, by the index the server gives each; sent whole when the stream ends.
  const calls = new Map<number, { id: string; name: string; args: string; started: boolean }>();
  res.setEncoding("utf8");

  return new ReadableStream<LanguageModelV3StreamPart>(
    {
      start(controller) {
        const enqueue = (part: LanguageModelV3StreamPart) => controller.enqueue(part);
        const flushText = () => {
          if (!text) return;
          if (!textStarted) {
            textStarted = true;
            enqueue({ type: "text-start", id: TEXT_ID });
          }
          enqueue({ type: "text-delta", id: TEXT_ID, delta: text });
          text = "";
        };
        const fail = (error: unknown) => {
          flushText();
          enqueue({ type: "error", error });
        };
        const events = createEventStreamReader((data) => {
          if (data === "[DONE]") return;
          let chunk: Chunk;
          try {
            chunk = JSON.parse(data) as Chunk;
          } catch {
            return fail(new Error("The model sent a chunk that is not JSON."));
          }
          if (chunk === null || typeof chunk !== "object")
            return fail(new Error("The model sent an empty chunk."));
          if (chunk.error) {
            const message = typeof chunk.error.message === "string" ? chunk.error.message : "upstream error";
            return fail(new Error(redactSecrets(message, endpoint.secrets)));
          }
          if (chunk.usage) usage = chunk.usage;
          const choice = chunk.choices?.[0];
          if (!choice) return;
          if (choice.finish_reason != null) reason = choice.finish_reason;
          const delta = choice.delta;
          if (!delta) return;
          if (typeof delta.content === "string") text += delta.content;
          if (Array.isArray(delta.tool_calls))
            for (const piece of delta.tool_calls) {
              const index = typeof piece?.index === "number" ? piece.index : calls.size;
              let call = calls.get(index);
              if (!call) calls.set(index, (call = { id: "", name: "", args: "", started: false }));
              if (typeof piece.id === "string" && piece.id) call.id = piece.id;
              const fn = piece.function;
              if (typeof fn?.name === "string") call.name += fn.name;
              if (!call.started && call.name) {
                call.started = true;
                call.id ||= `call-${index}`;
                flushText();
                enqueue({ type: "tool-input-start", id: call.id, toolName: call.name });
              }
              if (typeof fn?.arguments === "string" && fn.arguments) {
                call.args += fn.arguments;
                if (call.started) enqueue({ type: "tool-input-delta", id: call.id, delta: fn.arguments });
              }
            }
          if (Array.isArray(delta.annotations))
            for (const a of delta.annotations) {
              const url = a?.url_citation?.url;
              if (a?.type !== "url_citation" || typeof url !== "string") continue;
              flushText();
              const title = a.url_citation?.title;
              enqueue({
                type: "source",
                sourceType: "url",
                id: url,
                url,
                ...(typeof title === "string" ? { title } : {}),
              });
            }
        });
        const finish = () => {
          if (ended) return;
          ended = true;
          cleanup();
          flushText();
          if (textStarted) enqueue({ type: "text-end", id: TEXT_ID });
          for (const call of calls.values()) {
            if (!call.started) continue;
            enqueue({ type: "tool-input-end", id: call.id });
            enqueue({
              type: "tool-call",
              toolCallId: call.id,
              toolName: call.name,
              input: call.args || "{}",
            });
          }
          const metadata = costMetadata(endpoint.provider, usage);
          enqueue({
            type: "finish",
            usage: usageOf(usage),
            finishReason: finishReason(reason),
            ...(metadata ? { providerMetadata: metadata } : {}),
          });
          controller.close();
        };
        const broken = (err?: unknown) => {
          if (ended) return;
          ended = true;
          cleanup();
          if (signal?.aborted) return controller.error(abortError(signal));
          flushText();
          enqueue({
            type: "error",
            error: new StreamInterruptedError(
              sanitizeUpstreamError(err ?? new Error("connection closed"), endpoint.secrets),
            ),
          });
          controller.close();
        };
        const onData = (piece: string) => {
          events.push(piece);
          flushText();
          if ((controller.desiredSize ?? 1) <= 0) res.pause();
        };
        const onEnd = () => finish();
        const onError = (err: Error) => broken(err);
        // A socket cut mid-body ends the response without 'end' (and, on some paths, without 'error').
        const onClose = () => {
          if (!res.complete) broken();
        };
        const onAbort = () => {
          if (ended) return;
          ended = true;
          cleanup();
          res.destroy();
          controller.error(abortError(signal));
        };
        const cleanup = () => {
          res.off("data", onData);
          res.off("end", onEnd);
          res.off("error", onError);
          res.off("close", onClose);
          signal?.removeEventListener("abort", onAbort);
        };
        res.on("data", onData);
        res.on("end", onEnd);
        res.on("error", onError);
        res.on("close", onClose);
        if (signal?.aborted) onAbort();
        else signal?.addEventListener("abort", onAbort, { once: true });
      },
      pull() {
        if (!ended && res.isPaused()) res.resume();
      },
      cancel() {
        ended = true;
        res.destroy();
      },
    },
    { highWaterMark: 16 },
  );
}

/** The prompt as chat-completions messages: text as strings, pictures as data URLs. */
export function toOpenAiMessages(prompt: LanguageModelV3Prompt): Record<string, unknown>[] {
  return prompt.flatMap((message): Record<string, unknown>[] => {
    switch (message.role) {
      case "system":
        return [{ role: "system", content: message.content }];
      case "user": {
        const parts = message.content;
        if (parts.every((p) => p.type === "text"))
          return [{ role: "user", content: parts.map((p) => p.text).join("") }];
        return [
          {
            role: "user",
            content: parts.map((p) =>
              p.type === "text"
                ? { type: "text", text: p.text }
                : { type: "image_url", image_url: { url: dataUrl(p.data, p.mediaType) } },
            ),
          },
        ];
      }
      case "assistant": {
        const calls = message.content.flatMap((p) =>
          p.type === "tool-call"
            ? [
                {
                  id: p.toolCallId,
                  type: "function",
                  function: {
                    name: p.toolName,
                    arguments: typeof p.input === "string" ? p.input : JSON.stringify(p.input ?? {}),
                  },
                },
              ]
            : [],
        );
        const content = message.content.map((p) => (p.type === "text" ? p.text : "")).join("");
        return [
          calls.length
            ? { role: "assistant", content: content || null, tool_calls: calls }
            : { role: "assistant", content },
        ];
      }
      case "tool":
        // One message a result, each naming the call it answers.
        return message.content.flatMap((p) =>
          p.type === "tool-result"
            ? [{ role: "tool", tool_call_id: p.toolCallId, content: toolResultText(p.output) }]
            : [],
        );
    }
  });
}

/** A tool's result as the text chat completions carries. */
function toolResultText(output: LanguageModelV3ToolResultOutput): string {
  switch (output.type) {
    case "text":
    case "error-text":
      return output.value;
    case "execution-denied":
      return output.reason ?? "The person did not allow this call.";
    case "content":
      return output.value.map((p) => (p.type === "text" ? p.text : "")).join("");
    default:
      return JSON.stringify(output.value);
  }
}

function dataUrl(data: Uint8Array | string | URL, mediaType: string): string {
  if (data instanceof URL) return data.href;
  if (typeof data === "string")
    return /^(https?:|data:)/.test(data) ? data : `data:${mediaType};base64,${data}`;
  return `data:${mediaType};base64,${Buffer.from(data).toString("base64")}`;
}

const count = (n: unknown) => (typeof n === "number" && Number.isFinite(n) ? n : undefined);

function usageOf(usage: Chunk["usage"]): LanguageModelV3Usage {
  const input = count(usage?.prompt_tokens);
  const output = count(usage?.completion_tokens);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

/** OpenRouter's usage accounting reports the call's cost; it goes where its own SDK client put it. */
function costMetadata(provider: string, usage: Chunk["usage"]): SharedV3ProviderMetadata | undefined {
  const cost = count(usage?.cost);
  return cost === undefined ? undefined : { [provider]: { usage: { cost } } };
}

const FINISH_REASONS = new Map<unknown, LanguageModelV3FinishReason["unified"]>([
  ["stop", "stop"],
  ["length", "length"],
  ["content_filter", "content-filter"],
  ["tool_calls", "tool-calls"],
  ["function_call", "tool-calls"],
]);

function finishReason(raw: unknown): LanguageModelV3FinishReason {
  return {
    unified: FINISH_REASONS.get(raw) ?? "other",
    raw: typeof raw === "string" ? raw : undefined,
  };
}

function headerRecord(res: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers))
    if (v !== undefined) out[k] = Array.isArray(v) ? v.join(", ") : v;
  return out;
}

function readAll(res: IncomingMessage, max: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    res.on("data", (b: Buffer) => {
      size += b.length;
      if (size > max) return res.destroy(new Error(`The answer is larger than ${max} bytes.`));
      parts.push(b);
    });
    res.once("end", () => resolve(Buffer.concat(parts).toString("utf8")));
    res.once("error", reject);
    res.once("close", () => {
      if (!res.complete) reject(new Error("The connection closed before the answer ended."));
    });
  });
}
