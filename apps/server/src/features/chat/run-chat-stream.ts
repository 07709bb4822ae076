// Streams one answer: calls the model, turns its parts into the wire events, and stores the
// assistant message whatever happens (complete, stopped by the person, failed upstream, or cut short by
// a shutdown). The row exists from the start as "streaming"; its text is stored as it grows and the
// final write waits out a short database outage. Exactly one closing event per stream the client hears.
import type { ModelMessage } from "ai";
import {
  withInterruptedMark,
  STREAM_MESSAGES,
  findCatalogueModel,
  type ChatStreamEvent,
  type Source,
} from "@tessera/contracts";
import { and, eq, inArray } from "drizzle-orm";
import { runNamed, type Database, type NamedStatement } from "../../db/client";
import { conversations, messages } from "../../db/schema";
import { isServerShutdown } from "../../lib/live-streams";
import type { AnswerFeed } from "../../lib/answer-relay";
import type { Logger } from "../../lib/logger";
import {
  DRAFT_WRITE_MS,
  STORE_RETRY_MS,
  restartingEvent,
  startDraftWriter,
  writeWithRetry,
} from "../../lib/stream-store";
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
  /** How long the final write keeps trying while the database is out of reach (default 15 s). */
  storeRetryMs?: number;
  /**
   * A draft write found the answer's row closed (Stop heard by no process, or the sweep): abort this
   * stream (its `signal`), as Stop would.
   */
  onClosedElsewhere(): void;
  /** Pages following this answer in this process (answer-relay.ts): its text as it grows. */
  feed?: AnswerFeed;
}

/**
 * The answer's text so far ($2), while it is still streaming: a row already closed (by the sweep) is
 * left alone. On PostgreSQL a draft does not wait for the disk (asyncCommit): the final write does.
 */
const ANSWER_DRAFT: NamedStatement = {
  name: "chat_answer_draft",
  text: (asyncCommit) => `with ${asyncCommit}
    update messages set content = $2 from async_commit where id = $1 and status = 'streaming'`,
};

/** The answer as it ended: text, tokens, cost (null when unknown), status and sources (JSON). */
const ANSWER_FINAL: NamedStatement = {
  name: "chat_answer_final",
  text: () => `update messages
    set content = $2, tokens_used = $3::int, cost = $4::float8, status = $5, sources = $6::jsonb
    where id = $1`,
};

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

async function buildMessages(
  deps: StreamDeps,
  prepared: PreparedChat,
  message: string,
): Promise<ModelMessage[]> {
  const model = findCatalogueModel(prepared.modelId);
  const history: ModelMessage[] = prepared.history.map((m) => ({ role: m.role, content: m.content }));
  const vision = Boolean(model?.vision) && prepared.images.length > 0;
  const images = vision
    ? await Promise.all(
        prepared.images.map(async (i) => ({
          type: "image" as const,
          image: await deps.readImage(i.storageKey),
          mediaType: i.contentType,
        })),
      )
    : [];
  return [
    ...history,
    { role: "user", content: images.length ? [{ type: "text", text: message }, ...images] : message },
  ];
}

export async function* runChatStream(
  deps: StreamDeps,
  prepared: PreparedChat,
  message: string,
  context: ContextSource[],
  persona: Persona | null,
  signal: AbortSignal,
): AsyncGenerator<ChatStreamEvent> {
  const sources: Source[] = context.map(({ title, url, domain, snippet }) => ({
    title,
    url,
    ...(domain ? { domain } : {}),
    ...(snippet ? { snippet } : {}),
  }));
  // A picture that cannot be read (storage down) fails the turn like a model that cannot be reached.
  const modelMessages = await buildMessages(deps, prepared, message).catch((err: unknown) => {
    deps.logger.error({ event: "chat.stream.prepare_failed", err: errorText(err) }, "messages not built");
    return null;
  });
  const answerId = prepared.assistantMessageId;
  // The text so far, in the background. A draft that finds the row closed ends the stream.
  const draft = startDraftWriter(
    async (content) => {
      if ((await runNamed(deps.db, ANSWER_DRAFT, [answerId, content])) === 0) deps.onClosedElsewhere();
    },
    {
      everyMs: DRAFT_WRITE_MS,
      onError: (err) =>
        deps.logger.warn({ event: "chat.stream.draft_failed", err: errorText(err) }, "draft not stored"),
    },
  );
  const stream = modelMessages
    ? streamModel({
        model: prepared.resolved.model,
        system: systemPrompt(prepared, context, persona),
        ...(persona ? { temperature: persona.temperature, maxOutputTokens: persona.maxTokens } : {}),
        messages: modelMessages,
        signal,
        idleMs: deps.idleMs,
        totalMs: deps.totalMs,
      })
    : null;
  // The model is asked before the start event goes out, so its first token and that write overlap.
  // (streamModel settles every failure into its outcome; the catch only keeps an early rejection
  // from counting as unhandled while the start event waits to be read.)
  const first: Promise<IteratorResult<ModelStreamPart, ModelStreamOutcome>> = stream
    ? stream.next()
    : Promise.resolve({ done: true, value: NOT_STARTED });
  first.catch(() => undefined);
  yield {
    type: "start",
    conversationId: prepared.conversationId,
    model: prepared.modelId,
    messageId: answerId,
  };

  let next = await first;
  while (!next.done) {
    const part = next.value;
    if (part.type === "text") {
      draft.set(part.sofar);
      deps.feed?.set(part.sofar);
      yield { type: "chunk", content: part.text };
    } else if (part.type === "status") {
      const { status } = part;
      yield {
        type: "status",
        message: statusText(status),
        ahead: status.kind === "queued" ? status.ahead : null,
      };
    } else if (!sources.some((s) => s.url === part.url))
      sources.push({ title: part.title, url: part.url, domain: domainOf(part.url) });
    next = await stream!.next();
  }
  await draft.stop();
  const { text, outputTokens, interrupted } = next.value;
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
  const undo = !text && (status === "error" || (status === "interrupted" && prepared.replaces.length > 0));
  const stored = await writeWithRetry(
    () =>
      undo
        ? // Nothing came back: undo the turn, as the client does (spec §4: the message is removed and
          // the prompt restored), so sending again leaves no stray question behind.
          deps.db.transaction(async (tx) => {
            const storedNow = prepared.askedNow ? [prepared.userMessageId, answerId] : [answerId];
            await tx.delete(messages).where(inArray(messages.id, storedNow));
            // A regenerated answer (and an edited question) give their places back.
            // Only where this turn still holds the place (the sweep may have given it back already).
            if (prepared.replaces.length)
              await tx
                .update(messages)
                .set({ replacedBy: null })
                .where(and(inArray(messages.id, prepared.replaces), inArray(messages.replacedBy, storedNow)));
            if (prepared.created)
              await tx.delete(conversations).where(eq(conversations.id, prepared.conversationId));
            // An edited first question's title goes with it, unless the owner renamed it since.
            else if (prepared.retitled)
              await tx
                .update(conversations)
                .set({ title: prepared.retitled.from })
                .where(
                  and(
                    eq(conversations.id, prepared.conversationId),
                    eq(conversations.title, prepared.retitled.to),
                  ),
                );
          })
        : runNamed(deps.db, ANSWER_FINAL, [
            answerId,
            content,
            String(tokens),
            cost === null ? null : String(cost),
            status,
            JSON.stringify(sources),
          ]),
    {
      budgetMs: deps.storeRetryMs ?? STORE_RETRY_MS,
      onRetry: (err, attempt) =>
        deps.logger.warn(
          { event: "chat.stream.store_retry", attempt, err: errorText(err) },
          "database unavailable, retrying",
        ),
    },
  );
  // Followers read the stored answer once told it ended, so this comes after the final write.
  deps.feed?.close();
  if (!stored.ok)
    deps.logger.error(
      { event: "chat.stream.store_failed", err: errorText(stored.error) },
      "answer not stored; the sweep will close it",
    );
  deps.logger.info(
    { event: "chat.stream.end", model: prepared.modelId, status, tokens, stored: stored.ok },
    "chat stream ended",
  );

  if (isServerShutdown(signal)) {
    yield restartingEvent(stored.ok);
    return;
  }
  if (interrupted) return; // nobody is listening any more
  if (failure) yield { type: "error", error: failure.code, message: failure.message };
  else if (!stored.ok) yield { type: "error", error: "NOT_SAVED", message: STREAM_MESSAGES.notSaved };
  else yield { type: "complete", outputTokens: tokens, sources, messageId: answerId };
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
