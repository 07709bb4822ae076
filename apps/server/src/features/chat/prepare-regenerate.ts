// Regenerate: a question of the branch shown answered again, as a new version of its answer, and, when
// it is edited, in its new wording, as a new version of the question: the conversation branches there.
// What must hold before the stream starts, as for a new message (prepare-chat.ts): the model is usable
// on the plan, the answer is the caller's, in sight and ended, and no answer in sight is still being
// written. Then one statement (`store`, run while the model is already being asked) puts the old
// version and what followed it out of sight (`replaced_by`: the new version, so that showing the old
// one again brings back its branch as it was) and stores the new ones, the answer empty and
// "streaming"; should the new answer fail, or be stopped, before its first word, the stream brings the
// old ones back (run-chat-stream.ts).
import { STREAM_MESSAGES, findCatalogueModel, type chatRegenerateRequestSchema } from "@tessera/contracts";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { isUniqueViolation, rowsOf, type Database } from "../../db/client";
import { resolveModelOnPlan } from "../../billing/plans";
import { AppError, notFound } from "../../lib/errors";
import { titleFrom } from "../../lib/title-from";
import type { LlmRegistry, ResolveContext } from "../../providers/llm/types";
import { HISTORY_MESSAGES, ownImages, type PreparedChat } from "./prepare-chat";

/**
 * Message `m` has ended and is in sight, and no answer in sight in its conversation is being written:
 * the messages in sight are one branch, and a branch is not cut while it grows.
 */
const SHOWN_AND_SETTLED = sql.raw(`(m.status <> 'streaming' and m.replaced_by is null and not exists (
  select 1 from messages l
  where l.conversation_id = m.conversation_id and l.replaced_by is null and l.status = 'streaming'))`);

type Row = {
  id: string;
  parent_id: string | null;
  role: "user" | "assistant";
  content: string;
  images: { id: string }[];
};

export async function prepareRegenerate(
  deps: { db: Database; llm: LlmRegistry; imageUrl: (storageKey: string) => string; writerId: string },
  userId: string,
  input: z.output<typeof chatRegenerateRequestSchema>,
  ctx: ResolveContext,
): Promise<PreparedChat & { question: string }> {
  const resolved = await resolveModelOnPlan(deps, userId, input.model, ctx);
  const [answer] = await rowsOf<{
    conversation_id: string;
    parent_id: string | null;
    latest: boolean;
    tools: string[] | null;
  }>(
    deps.db,
    sql`
    select m.conversation_id, m.parent_id, ${SHOWN_AND_SETTLED} as latest,
      (select c.tools from conversations c where c.id = m.conversation_id) as tools
    from messages m
    where m.id = ${input.messageId} and m.user_id = ${userId} and m.role = 'assistant'`,
  );
  if (!answer) throw notFound("Message not found.");
  if (!answer.latest) throw new AppError("CONFLICT", STREAM_MESSAGES.notLatest);

  // The question is the last message in sight before the answer, and the one it follows; the history is
  // what came before it (the messages in sight are one branch, in the order they were written).
  const before = await rowsOf<Row>(
    deps.db,
    sql`
    select m.id, m.parent_id, m.role, m.content, m.images
    from messages m, messages a
    where a.id = ${input.messageId} and m.conversation_id = a.conversation_id
      and m.replaced_by is null and m.status <> 'streaming'
      and (m.created_at, m.id) < (a.created_at, a.id)
    order by m.created_at desc, m.id desc
    limit ${HISTORY_MESSAGES + 1}`,
  );
  const [question, ...earlier] = before;
  if (question?.role !== "user" || question.id !== answer.parent_id)
    throw new AppError("CONFLICT", STREAM_MESSAGES.notLatest);
  // A picture deleted since is left out; the question is answered with the rest.
  const images = await ownImages(deps, userId, question.images);

  // One statement, decided by the database: of two racing requests, one finds the answer replaced
  // already and stores nothing. A repeated client id breaks the unique index and undoes it all. An
  // edited question keeps its pictures and sorts before its answer (now() is the statement's start).
  // The old version and what followed it in sight name the new version: the new answer, so answers to
  // one question make a chain (earlierAnswers), or, when the question is edited, the new question.
  const answerId = randomUUID();
  const edited = input.message !== undefined;
  const questionId = edited ? randomUUID() : question.id;
  // The first question, edited, names the conversation anew, unless its owner gave it another name.
  const retitled =
    input.message !== undefined && earlier.length === 0
      ? { from: titleFrom(question.content), to: titleFrom(input.message) }
      : undefined;
  const newRows = [
    ...(edited
      ? [
          sql`(${questionId}::uuid, 'user', ${input.message}, ${JSON.stringify(question.images)}::jsonb,
            null::uuid, null, 'complete', null::uuid, interval '0', ${question.parent_id}::uuid)`,
        ]
      : []),
    sql`(${answerId}::uuid, 'assistant', '', '[]'::jsonb, ${input.clientMessageId ?? null}::uuid,
      ${input.model}, 'streaming', ${deps.writerId}::uuid, interval '1 microsecond', ${questionId}::uuid)`,
  ];
  // Where the branch is cut: the old answer, or the old question when it is edited.
  const cutAt = edited ? question.id : input.messageId;
  const store = async () => {
    const stored = await rowsOf<{ id: string }>(
      deps.db,
      sql`
    with cut as (
      select m.conversation_id, x.created_at, x.id
      from messages m join messages x on x.id = ${cutAt}::uuid
      where m.id = ${input.messageId} and m.user_id = ${userId} and ${SHOWN_AND_SETTLED}
    ), old as (
      update messages o set replaced_by = ${edited ? questionId : answerId}::uuid
      from cut
      where o.conversation_id = cut.conversation_id and o.replaced_by is null
        and (o.created_at, o.id) >= (cut.created_at, cut.id)
      returning o.conversation_id
    ), c as (
      update conversations set updated_at = now(), model = ${input.model}${
        retitled
          ? sql`, title = case when conversations.title = ${retitled.from} then ${retitled.to} else conversations.title end`
          : sql``
      }
      from old where conversations.id = old.conversation_id
      returning conversations.id
    )
    insert into messages
      (id, conversation_id, user_id, role, content, images, client_message_id, model, status, writer_id,
        created_at, parent_id)
    select v.id, c.id, ${userId}, v.role, v.content, v.images, v.client_id, v.model, v.status, v.writer,
      now() + v.later, v.parent
    from c, (values ${sql.join(newRows, sql`, `)})
      as v(id, role, content, images, client_id, model, status, writer, later, parent)
    returning id`,
    ).catch((err: unknown) => {
      if (isUniqueViolation(err)) throw new AppError("CONFLICT", STREAM_MESSAGES.duplicate);
      throw err;
    });
    if (stored.length !== newRows.length) throw new AppError("CONFLICT", STREAM_MESSAGES.notLatest);
  };

  return {
    conversationId: answer.conversation_id,
    created: false,
    userMessageId: questionId,
    assistantMessageId: answerId,
    store,
    modelId: input.model,
    resolved,
    history: earlier.reverse().map(({ role, content }) => ({ role, content })),
    images,
    research: Boolean(input.research && findCatalogueModel(input.model)?.research),
    // Answered again with the conversation's remembered tools.
    toolIds: answer.tools ?? [],
    replaces: edited ? [input.messageId, question.id] : [input.messageId],
    askedNow: edited,
    ...(retitled && retitled.from !== retitled.to ? { retitled } : {}),
    question: input.message ?? question.content,
  };
}
