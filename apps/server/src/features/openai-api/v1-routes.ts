// The OpenAI-compatible API: GET /v1/models and POST /v1/chat/completions, opened by a personal API
// key (Account → API keys). Programs, editors and tools that speak OpenAI point their base URL here.
import { randomBytes } from "node:crypto";
import { chatCompletionRequestSchema, type ChatCompletionRequest } from "@tessera/contracts";
import { Hono } from "hono";
import { verifyApiKey, type ApiKeyHolder } from "../../auth/api-key";
import { lockModelsByPlan, readPlan } from "../../billing/plans";
import { bodyLimit } from "../../lib/body-limit";
import { describeFailure } from "../../providers/llm/stream-model";
import {
  prepareCompletion,
  runCompletion,
  type CompletionDeps,
  type CompletionOutcome,
  type ProgramToolCall,
} from "./complete-chat";
import { invalidKey, OpenAiError, toOpenAiError } from "./openai-errors";

/** Room for a few pictures as data: URLs. */
const V1_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

type V1Env = { Variables: { holder: ApiKeyHolder } };

const FAILURE_STATUS = { rateLimited: 429, unavailable: 503, timeout: 503, failed: 502 } as const;

export function v1Routes(deps: CompletionDeps) {
  return new Hono<V1Env>()
    .onError((err, c) => {
      const error = toOpenAiError(err);
      if (error.status >= 500 && !(err instanceof OpenAiError))
        deps.logger.error({ event: "api.failed", err }, "API call failed");
      return c.json(error.body(), error.status as 400, error.headers);
    })
    .use(bodyLimit(V1_BODY_LIMIT_BYTES, `The request body is larger than ${V1_BODY_LIMIT_BYTES} bytes.`))
    .use(async (c, next) => {
      const key = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
      const holder = key ? await verifyApiKey(deps.db, key) : null;
      if (!holder) throw invalidKey();
      c.set("holder", holder);
      await next();
    })
    .get("/models", async (c) => {
      const { userId } = c.get("holder");
      const { plan } = await readPlan(deps.db, userId);
      const list = lockModelsByPlan(await deps.llm.listModels(), plan);
      const created = Math.floor(Date.now() / 1000);
      const data = list.groups.flatMap((g) =>
        g.models
          .filter((m) => m.available)
          .map((m) => ({ id: m.id, object: "model", created, owned_by: g.id })),
      );
      return c.json({ object: "list", data });
    })
    .post("/chat/completions", async (c) => {
      const holder = c.get("holder");
      const request = await readRequest(c.req.raw);
      const prepared = await prepareCompletion(deps, holder, request);
      const aborted = new AbortController();
      c.req.raw.signal.addEventListener("abort", () => aborted.abort(), { once: true });
      const answer = runCompletion(deps, holder, request, prepared, aborted.signal);
      const id = `chatcmpl-${randomBytes(12).toString("base64url")}`;
      const created = Math.floor(Date.now() / 1000);
      // The status is decided by the first text or the end: a call refused upstream is an HTTP error.
      const first = await answer.next();
      if (first.done && first.value.failure && !first.value.text && !first.value.toolCalls.length)
        throw failedCall(first.value);

      if (!request.stream) {
        let next = first;
        while (!next.done) next = await answer.next();
        const { text, toolCalls, failure } = next.value;
        if (failure) throw failedCall(next.value);
        return c.json({
          id,
          object: "chat.completion",
          created,
          model: request.model,
          choices: [
            {
              index: 0,
              message: toolCalls.length
                ? { role: "assistant", content: text || null, tool_calls: toolCalls.map(asToolCall) }
                : { role: "assistant", content: text },
              finish_reason: toolCalls.length ? "tool_calls" : "stop",
              logprobs: null,
            },
          ],
          usage: next.value.usage,
        });
      }

      const chunk = (delta: object, finish: string | null, extra: object = {}) =>
        `data: ${JSON.stringify({
          id,
          object: "chat.completion.chunk",
          created,
          model: request.model,
          choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
          ...extra,
        })}\n\n`;
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          const send = (text: string) => controller.enqueue(encoder.encode(text));
          send(chunk({ role: "assistant", content: "" }, null));
          let next = first;
          let calls = 0;
          while (!next.done) {
            const part = next.value;
            if (part.type === "text") send(chunk({ content: part.text }, null));
            // A call arrives whole, so it goes as one delta: its index, id, name and all its arguments.
            else send(chunk({ tool_calls: [{ index: calls++, ...asToolCall(part.call) }] }, null));
            next = await answer.next();
          }
          const outcome = next.value;
          if (outcome.failure) {
            send(`data: ${JSON.stringify(failedCall(outcome).body())}\n\n`);
          } else {
            send(chunk({}, outcome.toolCalls.length ? "tool_calls" : "stop"));
            if (request.stream_options?.include_usage)
              send(
                `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: request.model, choices: [], usage: outcome.usage })}\n\n`,
              );
          }
          send("data: [DONE]\n\n");
          controller.close();
        },
        cancel() {
          // The client went: the upstream call is cancelled with it.
          aborted.abort();
        },
      });
      return new Response(body, {
        headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" },
      });
    })
    .all("*", () => {
      throw new OpenAiError(
        404,
        "No such API route. This API has GET /v1/models and POST /v1/chat/completions.",
      );
    });
}

/** The body, checked: a bad field is a 400 that names it (OpenAI's `param`). */
async function readRequest(raw: Request): Promise<ChatCompletionRequest> {
  if (!(raw.headers.get("content-type") ?? "").toLowerCase().includes("application/json"))
    throw new OpenAiError(400, "Send the body as application/json.", "invalid_request");
  let body: unknown;
  try {
    body = await raw.json();
  } catch {
    throw new OpenAiError(400, "The request body is not valid JSON.", "invalid_json");
  }
  const parsed = chatCompletionRequestSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const param = issue.path
    .map((p, i) => (typeof p === "number" ? `[${p}]` : i ? `.${String(p)}` : String(p)))
    .join("");
  throw new OpenAiError(400, `${param || "body"}: ${issue.message}`, "invalid_value", param || null);
}

function failedCall(outcome: CompletionOutcome): OpenAiError {
  const kind = outcome.failure ?? "failed";
  return new OpenAiError(
    FAILURE_STATUS[kind],
    describeFailure(kind).message,
    describeFailure(kind).code.toLowerCase(),
  );
}

const asToolCall = (call: ProgramToolCall) => ({
  id: call.id,
  type: "function" as const,
  function: { name: call.name, arguments: call.arguments },
});
