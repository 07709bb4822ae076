// Chat's side of a durable answer (streams/run-answer.ts runs it): asks the model, turns its parts into
// the wire events, and says what to store however it ends: complete, stopped by the person, failed
// upstream, or cut short by a shutdown. The row exists from the start as "streaming"; its text is
// stored as it grows (OpenAnswer.grow), and the ending's final write waits out a short database outage.
import type { ModelMessage } from "ai";
import {
  withInterruptedMark,
  findCatalogueModel,
  type ChatStreamEvent,
  type Source,
  type ToolStep,
} from "@tessera/contracts";
import { and, eq, inArray } from "drizzle-orm";
import { runNamed, type Database, type NamedStatement } from "../../db/client";
import { conversations, messages } from "../../db/schema";
import type { Logger } from "../../lib/logger";
import type { DurableAnswers, OpenAnswer } from "../../streams/durable-answers";
import type { ToolDefinition } from "../../tools/types";
import type { Ending } from "../../streams/run-answer";
import {
  describeFailure,
  estimateTokens,
  streamModel,
  type ModelStreamOutcome,
  type ModelStreamPart,
} from "../../providers/llm/stream-model";
import { statusText } from "../../providers/llm/model-status";
import { runsInProcess } from "../../providers/llm/runs-in-process";
import type { PreparedChat } from "./prepare-chat";

export interface StreamDeps {
  db: Database;
  logger: Logger;
  readImage(storageKey: string): Promise<Uint8Array>;
  /** Upstream silence after which the call is abandoned, and the overall cap. */
  idleMs: number;
  totalMs: number;
}

/**
 * The answer's text so far ($2), while it is still streaming: a row already closed (Stop, the sweep)
 * is left alone. On PostgreSQL a draft does not wait for the disk (asyncCommit): the final write does.
 */
const ANSWER_DRAFT: NamedStatement = {
  name: "chat_answer_draft",
  text: (asyncCommit) => `with ${asyncCommit}
    update messages set content = $2 from async_commit where id = $1 and status = 'streaming'`,
};

/** Stores the text so far; false once the answer's row is no longer streaming. */
export const draftAnswer = (db: Database, answerId: string) => async (content: string) =>
  (await runNamed(db, ANSWER_DRAFT, [answerId, content])) > 0;

/**
 * The answer as it ended: text, tokens, cost (null when unknown), status, sources (JSON), its tool
 * calls (JSON, null when it made none) and why it failed (null unless it did).
 */
const ANSWER_FINAL: NamedStatement = {
  name: "chat_answer_final",
  text: () => `update messages
    set content = $2, tokens_used = $3::int, cost = $4::float8, status = $5, sources = $6::jsonb,
      tool_calls = $7::jsonb, error = $8
    where id = $1`,
};

/** The answer's tool calls so far, while it streams: a reload shows them, and approval finds them. */
const ANSWER_TOOL_STEPS: NamedStatement = {
  name: "chat_answer_tool_steps",
  text: () => `update messages set tool_calls = $2::jsonb where id = $1 and status = 'streaming'`,
};

/** An MCP server's tool as people know it: its own name and the server's (none for a built-in). */
const namesOf = (tool: ToolDefinition | undefined): { tool?: string; server?: string } =>
  tool?.server && tool.ownName ? { tool: tool.ownName, server: tool.server } : {};

/** The tools one answer may call, and how a call waits for the person's approval. */
export interface ChatTools {
  definitions: ToolDefinition[];
  /** Model calls per answer (TOOL_MAX_STEPS). */
  maxSteps: number;
  /** How long a call waits for approval before it is denied. */
  approvalMs: number;
  answers: Pick<DurableAnswers, "awaitDecision">;
  userId: string;
}

/** Where a tool call's approval is awaited: the answer's id and the call's, in one key. */
export const approvalKey = (answerId: string, toolCallId: string) => `${answerId}:${toolCallId}`;

function domainOf(url: string): string | undefined {
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}

/** An assistant the person chats with: who to be, what to follow, how to sample. */
export interface Persona {
  name: string;
  systemPrompt: string;
  instructions: string;
  temperature: number;
  maxTokens: number;
}

/** A source for the model: `text` (a deep-crawled page, say) is read by the model, never sent on. */
export type ContextSource = Source & { text?: string };

function systemPrompt(prepared: PreparedChat, context: ContextSource[], persona: Persona | null): string {
  const model = findCatalogueModel(prepared.modelId);
  return [
    persona
      ? `${persona.systemPrompt}\n\nYou are "${persona.name}", an assistant inside Tessera, an AI workspace. Answer in markdown.`
      : `You are ${model?.name ?? prepared.modelId}, answering inside Tessera, an AI workspace. Answer in markdown.`,
    persona?.instructions ? `Follow these instructions:\n${persona.instructions}` : "",
    context.length
      ? `Use these sources and cite them as [n]:\n${context.map((s, i) => `[${i + 1}] ${s.title} (${s.url}): ${s.text ?? s.snippet ?? ""}`).join("\n")}`
      : "",
  ]
    .filter(Boolean)
    .join("\n\n");
}

/** The messages for the model; a promise only when pictures must be read first. */
function buildMessages(
  deps: StreamDeps,
  prepared: PreparedChat,
  message: string,
): ModelMessage[] | Promise<ModelMessage[]> {
  const model = findCatalogueModel(prepared.modelId);
  const history: ModelMessage[] = prepared.history.map((m) => ({ role: m.role, content: m.content }));
  const vision = Boolean(model?.vision) && prepared.images.length > 0;
  if (!vision) return [...history, { role: "user", content: message }];
  return Promise.all(
    prepared.images.map(async (i) => ({
      type: "image" as const,
      image: await deps.readImage(i.storageKey),
      mediaType: i.contentType,
    })),
  ).then((images) => [
    ...history,
    { role: "user" as const, content: [{ type: "text" as const, text: message }, ...images] },
  ]);
}

/** A model call under way: its first part already asked for (the request is out), and the rest. */
export interface ChatModelCall {
  first: Promise<IteratorResult<ModelStreamPart, ModelStreamOutcome>>;
  stream: AsyncGenerator<ModelStreamPart, ModelStreamOutcome> | null;
  /** The answer's tools, and the approvals its calls wait on (by call id), set as each call asks. */
  tools: (ChatTools & { approvals: Map<string, Promise<boolean>> }) | null;
}

/**
 * Asks the model now: without pictures to read, the request is on its way before this returns, so
 * the turn's write (start-answer.ts) and the model's first token overlap.
 */
export function callChatModel(
  deps: StreamDeps,
  prepared: PreparedChat,
  message: string,
  context: ContextSource[],
  persona: Persona | null,
  signal: AbortSignal,
  tools: ChatTools | null = null,
): ChatModelCall | Promise<ChatModelCall> {
  const withTools = tools?.definitions.length
    ? { ...tools, approvals: new Map<string, Promise<boolean>>() }
    : null;
  const start = (modelMessages: ModelMessage[] | null): ChatModelCall => {
    if (!modelMessages)
      return { first: Promise.resolve({ done: true, value: NOT_STARTED }), stream: null, tools: null };
    const stream = streamModel({
      model: prepared.resolved.model,
      system: systemPrompt(prepared, context, persona),
      ...(persona ? { temperature: persona.temperature, maxOutputTokens: persona.maxTokens } : {}),
      messages: modelMessages,
      signal,
      idleMs: deps.idleMs,
      totalMs: deps.totalMs,
      ...(withTools
        ? {
            tools: {
              tools: withTools.definitions,
              maxSteps: withTools.maxSteps,
              context: { db: deps.db, logger: deps.logger, userId: withTools.userId },
              // chatAnswer began the wait as it told the page (and stored) that the call waits.
              approve: (call) => withTools.approvals.get(call.id) ?? Promise.resolve(false),
            },
          }
        : {}),
    });
    const first = stream.next();
    // streamModel settles every failure into its outcome; this only keeps an early rejection from
    // counting as unhandled while the turn is stored.
    first.catch(() => undefined);
    return { first, stream, tools: withTools };
  };
  const built = buildMessages(deps, prepared, message);
  if (Array.isArray(built)) return start(built);
  // A picture that cannot be read (storage down) fails the turn like a model that cannot be reached.
  return built.then(start, (err: unknown) => {
    deps.logger.error({ event: "chat.stream.prepare_failed", err: errorText(err) }, "messages not built");
    return start(null);
  });
}

/** Reads a call to its end (an aborted one ends at once): how it ended, with what the provider reported. */
export async function outcomeOf(call: ChatModelCall): Promise<ModelStreamOutcome> {
  let next = await call.first;
  while (!next.done) next = await call.stream!.next();
  return next.value;
}

/** The answer's events, from its start event to how it ended (run-answer.ts sends the closing one). */
export async function* chatAnswer(
  deps: StreamDeps,
  prepared: PreparedChat,
  context: ContextSource[],
  call: ChatModelCall,
  answer: OpenAnswer,
): AsyncGenerator<ChatStreamEvent, Ending<ChatStreamEvent>> {
  const sources: Source[] = context.map(({ text: _text, domain, snippet, ...source }) => ({
    ...source,
    ...(domain ? { domain } : {}),
    ...(snippet ? { snippet } : {}),
  }));
  const answerId = prepared.assistantMessageId;
  yield {
    type: "start",
    conversationId: prepared.conversationId,
    model: prepared.modelId,
    messageId: answerId,
  };

  const steps: ToolStep[] = [];
  // Stored first, then followers (another tab, a reload) are told to read the steps again.
  const storeSteps = () =>
    runNamed(deps.db, ANSWER_TOOL_STEPS, [answerId, JSON.stringify(steps)]).then(
      () => answer.changed(),
      (err: unknown) =>
        deps.logger.warn(
          { event: "chat.stream.tool_steps_unsaved", err: errorText(err) },
          "kept for the final write",
        ),
    );
  let next = await call.first;
  while (!next.done) {
    const part = next.value;
    if (part.type === "text") {
      answer.grow(part.sofar);
      yield { type: "chunk", content: part.text };
    } else if (part.type === "tool-call") {
      const { id, name, input } = part.call;
      const labels = namesOf(call.tools?.definitions.find((d) => d.name === name));
      steps.push({
        id,
        name,
        ...labels,
        input,
        output: null,
        isError: false,
        durationMs: null,
        approval: "none",
      });
      await storeSteps();
      yield { type: "tool_call", id, name, ...labels, input };
    } else if (part.type === "tool-approval") {
      const { id, name, input } = part.call;
      const labels = namesOf(call.tools?.definitions.find((d) => d.name === name));
      const step = steps.find((s) => s.id === id);
      if (step) step.approval = "pending";
      // The wait begins before anyone is told of it, so an answer given at once is heard; the
      // decision is stored as soon as it is made (a Stop while the call then runs keeps it).
      if (call.tools) {
        const decided = call.tools.answers.awaitDecision(
          approvalKey(answerId, id),
          answer.signal,
          call.tools.approvalMs,
        );
        call.tools.approvals.set(id, decided);
        void decided.then((yes) => {
          if (!step || step.approval !== "pending" || answer.signal.aborted) return;
          step.approval = yes ? "approved" : "denied";
          return storeSteps();
        });
      }
      await storeSteps();
      yield { type: "tool_approval", id, name, ...labels, input };
    } else if (part.type === "tool-result") {
      const { id, output, isError, durationMs, approved } = part.result;
      const step = steps.find((s) => s.id === id);
      if (step) {
        Object.assign(step, { output, isError, durationMs });
        if (step.approval === "pending") step.approval = approved ? "approved" : "denied";
      }
      await storeSteps();
      yield { type: "tool_result", id, output, isError, durationMs };
    } else if (part.type === "status") {
      const { status } = part;
      yield {
        type: "status",
        message: statusText(status),
        ahead: status.kind === "queued" ? status.ahead : null,
      };
    } else if (!sources.some((s) => s.url === part.url && s.chunkId === part.chunkId)) {
      const { type: _type, ...source } = part;
      sources.push({ ...source, domain: domainOf(part.url) });
    }
    next = await call.stream!.next();
  }
  const { text, outputTokens, interrupted } = next.value;
  // A call cut short (Stop while it ran or waited) is stored as stopped, never as still waiting.
  for (const step of steps)
    if (step.output === null) {
      step.output = "The call was stopped.";
      step.isError = true;
      if (step.approval === "pending") step.approval = "denied";
    }
  const failure = next.value.failure ? describeFailure(next.value.failure, next.value.message) : null;
  if (failure)
    deps.logger.warn(
      {
        event: "chat.stream.upstream_error",
        model: prepared.modelId,
        status: next.value.upstreamStatus,
        err: next.value.errorName,
      },
      "upstream error",
    );

  const content = interrupted ? withInterruptedMark(text) : text;
  const tokens = outputTokens ?? estimateTokens(text);
  // A model run in the server costs nothing. Null when the provider reported no cost.
  const cost = runsInProcess(prepared.resolved.provider) ? 0 : next.value.cost;
  const status = interrupted ? "interrupted" : failure ? "error" : "complete";
  // Nothing came back (or, for a regenerated answer, nothing before Stop): the turn is undone.
  const undo =
    !text &&
    !steps.length &&
    (status === "error" || (status === "interrupted" && prepared.replaces.length > 0));
  return {
    status,
    details: { model: prepared.modelId, tokens },
    store: () =>
      undo
        ? undoTurn(deps.db, prepared)
        : runNamed(deps.db, ANSWER_FINAL, [
            answerId,
            content,
            String(tokens),
            cost === null ? null : String(cost),
            status,
            JSON.stringify(sources),
            steps.length ? JSON.stringify(steps) : null,
            failure && !interrupted ? failure.message : null,
          ]),
    event: interrupted
      ? null
      : failure
        ? { type: "error", error: failure.code, message: failure.message }
        : { type: "complete", outputTokens: tokens, sources, messageId: answerId },
    failed: failure !== null,
  };
}

/**
 * Nothing came back: the turn is undone, as the client does (spec §4: the message is removed and the
 * prompt restored), so sending again leaves no stray question behind.
 */
function undoTurn(db: Database, prepared: PreparedChat) {
  const answerId = prepared.assistantMessageId;
  return db.transaction(async (tx) => {
    const storedNow = prepared.askedNow ? [prepared.userMessageId, answerId] : [answerId];
    await tx.delete(messages).where(inArray(messages.id, storedNow));
    // A regenerated answer (and an edited question), and the branch that followed, give their places
    // back, only where this turn still holds the place (the sweep may have given it back already).
    if (prepared.replaces.length)
      await tx
        .update(messages)
        .set({ replacedBy: null })
        .where(
          and(eq(messages.conversationId, prepared.conversationId), inArray(messages.replacedBy, storedNow)),
        );
    if (prepared.created) await tx.delete(conversations).where(eq(conversations.id, prepared.conversationId));
    // An edited first question's title goes with it, unless the owner renamed it since.
    else if (prepared.retitled)
      await tx
        .update(conversations)
        .set({ title: prepared.retitled.from })
        .where(
          and(eq(conversations.id, prepared.conversationId), eq(conversations.title, prepared.retitled.to)),
        );
  });
}

/** The outcome of a call that could not be made. */
const NOT_STARTED: ModelStreamOutcome = {
  text: "",
  outputTokens: null,
  inputTokens: null,
  failure: "failed",
  interrupted: false,
  timeToFirstTokenMs: null,
  totalMs: 0,
  cost: null,
};

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
