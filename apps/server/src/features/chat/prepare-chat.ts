// Everything that must hold before a chat stream starts: the model exists and is usable, and the
// conversation and images belong to the caller, read without writing anything. The turn itself (the
// user message together with its answer, empty and "streaming", which the stream fills in as it goes)
// is stored by `store`, which the caller runs while the model is already being asked (start-answer.ts).
// Failures are plain HTTP errors; until `store` succeeds nothing is written.
import { STREAM_MESSAGES, findCatalogueModel, type chatStreamRequestSchema } from "@tessera/contracts";
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { isUniqueViolation, rowsOf, runNamed, type Database, type NamedStatement } from "../../db/client";
import { chatImages, conversations, messages } from "../../db/schema";
import { resolveModelOnPlan } from "../../billing/plans";
import { AppError, notFound } from "../../lib/errors";
import { titleFrom } from "../../lib/title-from";
import type { LlmRegistry, ResolveContext, ResolvedModel } from "../../providers/llm/types";

export const HISTORY_MESSAGES = 20;

/**
 * The turn's two messages after `c`, the conversation's row: the question follows the last message in
 * sight (the end of the branch shown), the answer its question. $1 conversation, $2 user, $3 model, $4
 * question id, $5 question, $6 its pictures (JSON), $7 client message id, $8 answer id, $9 the
 * process writing the answer (its lease keeps the sweep away).
 */
const turnText = (conversation: string) => (asyncCommit: string) =>
  `with ${asyncCommit}, c as (${conversation})
  insert into messages
    (id, conversation_id, user_id, role, content, images, client_message_id, model, status, writer_id,
      created_at, parent_id)
  select v.id::uuid, c.id, $2, v.role, v.content, v.images::jsonb, v.client_id::uuid, v.model,
    v.status, v.writer::uuid, now() + v.later,
    case when v.role = 'assistant' then v.parent::uuid else (
      select l.id from messages l where l.conversation_id = c.id and l.replaced_by is null
      order by l.created_at desc, l.id desc limit 1) end
  from async_commit, c, (values
    ($4, 'user', $5, $6, $7, null, 'complete', null, interval '0', null),
    ($8, 'assistant', '', '[]', null, $3, 'streaming', $9, interval '1 microsecond', $4)
  ) as v(id, role, content, images, client_id, model, status, writer, later, parent)`;

/** A new conversation ($10 its title, $11 its tool set as JSON) and its first turn. */
const NEW_TURN: NamedStatement = {
  name: "chat_turn_new",
  text: turnText(
    "insert into conversations (id, user_id, model, title, tools) values ($1, $2, $3, $10, $11::jsonb) returning id",
  ),
};

/**
 * A turn in a conversation that is still the caller's: it is touched (its tool set replaced by $10
 * when the turn chose one), or nothing is written.
 */
const NEXT_TURN: NamedStatement = {
  name: "chat_turn_next",
  text: turnText(
    "update conversations set updated_at = now(), model = $3, tools = coalesce($10::jsonb, tools) where id = $1 and user_id = $2 returning id",
  ),
};

export interface PreparedChat {
  conversationId: string;
  created: boolean;
  userMessageId: string;
  /** The answer's row, stored as "streaming" with no text yet. */
  assistantMessageId: string;
  /**
   * Stores the turn: the question and the answer-to-be (or, regenerating, puts the old ones out of
   * sight). Throws the HTTP error that refuses it (a repeated client message id is a 409) having
   * written nothing.
   */
  store(): Promise<void>;
  modelId: string;
  resolved: Extract<ResolvedModel, { ok: true }>;
  history: { role: "user" | "assistant"; content: string }[];
  images: { id: string; url: string; storageKey: string; contentType: string }[];
  research: boolean;
  /** Tool ids the model may call (GET /api/tools): the turn's choice, else the conversation's. */
  toolIds: string[];
  /**
   * What this turn put out of sight (prepare-regenerate.ts): the answer it is regenerated in place of,
   * and an edited question; brought back should the turn be undone. Empty for a new message.
   */
  replaces: string[];
  /** The question was stored by this turn (a new message, or an edited one), so it goes if the turn is undone. */
  askedNow: boolean;
  /**
   * An edited first question renamed its conversation, whose title was still the one its first words
   * gave (not one the owner chose): the title before and after, put back should the turn be undone.
   */
  retitled?: { from: string; to: string };
}

/** The caller's pictures among `refs`, with where each is read (another's, or a deleted one, is left out). */
export async function ownImages(
  deps: { db: Database; imageUrl: (storageKey: string) => string },
  userId: string,
  refs: readonly { id: string }[],
): Promise<PreparedChat["images"]> {
  if (refs.length === 0) return [];
  const rows = await deps.db
    .select({ id: chatImages.id, storageKey: chatImages.storageKey, contentType: chatImages.contentType })
    .from(chatImages)
    .where(
      and(
        eq(chatImages.userId, userId),
        inArray(
          chatImages.id,
          refs.map((i) => i.id),
        ),
      ),
    );
  return rows.map((i) => ({ ...i, url: deps.imageUrl(i.storageKey) }));
}

export async function prepareChat(
  deps: { db: Database; llm: LlmRegistry; imageUrl: (storageKey: string) => string; writerId: string },
  userId: string,
  input: z.output<typeof chatStreamRequestSchema>,
  ctx: ResolveContext,
  /** A new conversation's tool set when the turn names none: its assistant's. */
  defaultTools: string[] = [],
): Promise<PreparedChat> {
  // The model and the plan decide before anything is stored: a refused message leaves no trace.
  const resolved = await resolveModelOnPlan(deps, userId, input.model, ctx);
  const catalogue = findCatalogueModel(input.model);

  const given = input.conversationId ?? null;
  // The conversation is the caller's, and its last messages are the history, in one read. An answer
  // still streaming (another tab) is not history yet.
  let history: PreparedChat["history"] = [];
  let toolIds = input.tools ?? defaultTools;
  if (given) {
    const rows = await rowsOf<{
      role: "user" | "assistant" | null;
      content: string | null;
      tools: string[] | null;
    }>(
      deps.db,
      sql`
      select m.role, m.content, c.tools
      from ${conversations} c
      left join lateral (
        select ${messages.role} as role, ${messages.content} as content, ${messages.createdAt} as at
        from ${messages}
        where ${messages.conversationId} = c.id and ${messages.status} <> 'streaming'
          and ${messages.replacedBy} is null
        order by ${messages.createdAt} desc
        limit ${HISTORY_MESSAGES}
      ) m on true
      where c.id = ${given} and c.user_id = ${userId}
      order by m.at asc`,
    );
    if (rows.length === 0) throw notFound("Conversation not found.");
    toolIds = input.tools ?? rows[0]?.tools ?? [];
    history = rows.flatMap((r) =>
      r.role && r.content !== null ? [{ role: r.role, content: r.content }] : [],
    );
  }
  const withUrls = await ownImages(deps, userId, input.images);
  if (withUrls.length !== new Set(input.images.map((i) => i.id)).size) throw notFound("Image not found.");

  const created = given === null;
  const conversationId = given ?? randomUUID();
  const userMessageId = randomUUID();
  const assistantMessageId = randomUUID();
  const imagesJson = JSON.stringify(withUrls.map(({ id, url }) => ({ id, url })));
  const values = [
    conversationId,
    userId,
    input.model,
    userMessageId,
    input.message,
    imagesJson,
    input.clientMessageId ?? null,
    assistantMessageId,
    deps.writerId,
  ];
  const toolsJson = input.tools ? JSON.stringify(input.tools) : null;
  // The turn is stored by one statement, so it needs no transaction: the conversation (made, or
  // touched if it is still the caller's), the question and its answer-to-be, "streaming". A repeated
  // client message id breaks the unique index and the whole statement, conversation included, is
  // undone: decided by the database, so two racing requests cannot both pass. The answer sorts after
  // the question (now() is the statement's start). On PostgreSQL its commit does not wait for the disk
  // (asyncCommit): nothing is promised until the answer's final write, which does. It runs by name,
  // parsed and planned once per connection: it is the one write between a question and its first token.
  const store = async () => {
    const stored = await (
      created
        ? runNamed(deps.db, NEW_TURN, [...values, titleFrom(input.message), JSON.stringify(toolIds)])
        : runNamed(deps.db, NEXT_TURN, [...values, toolsJson])
    ).catch((err: unknown) => {
      if (isUniqueViolation(err)) throw new AppError("CONFLICT", STREAM_MESSAGES.duplicate);
      throw err;
    });
    // The conversation was deleted since it was read.
    if (stored !== 2) throw notFound("Conversation not found.");
  };
  return {
    conversationId,
    created,
    userMessageId,
    assistantMessageId,
    store,
    modelId: input.model,
    resolved,
    history,
    images: withUrls,
    research: Boolean(input.research && catalogue?.research),
    toolIds,
    replaces: [],
    askedNow: true,
  };
}
