// Stop, asked for by a request of its own: a chat answer outlives its client once it has started (a
// reload, another tab, a dropped connection), so pressing Stop names the answer instead of closing the
// connection. The stream is aborted where it runs and stores its text so far as interrupted: in this
// process at once (the request answers once it is stored, so the page can show what was kept), in
// another one over the bus (streams/durable-answers.ts). Should no process hear it (a listener down),
// the row is closed here as well, and a stream still running stops at its next draft write, which
// finds the row closed.
import type { ChatStopRequest } from "@tessera/contracts";
import { and, asc, eq, gt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import { messages } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { DurableAnswers } from "../../streams/durable-answers";
import { closeAnswer } from "./close-orphaned-answers";

/**
 * The caller's answer that the request names: by its id, or by the client's id, which a regenerated
 * answer carries and a new turn's question does.
 */
async function findAnswer(db: Database, userId: string, target: ChatStopRequest) {
  const answer = { id: messages.id, status: messages.status };
  const mine = and(eq(messages.userId, userId), eq(messages.role, "assistant"));
  if (target.messageId !== undefined) {
    const [row] = await db
      .select(answer)
      .from(messages)
      .where(and(mine, eq(messages.id, target.messageId)));
    return row;
  }
  // A regenerated answer carries the client's id itself.
  const [regenerated] = await db
    .select(answer)
    .from(messages)
    .where(and(mine, eq(messages.clientMessageId, target.clientMessageId!)));
  if (regenerated) return regenerated;
  // The turn stores the answer just after its question, in the same conversation.
  const question = alias(messages, "question");
  const [row] = await db
    .select(answer)
    .from(question)
    .innerJoin(
      messages,
      and(eq(messages.conversationId, question.conversationId), gt(messages.createdAt, question.createdAt)),
    )
    .where(and(mine, eq(question.userId, userId), eq(question.clientMessageId, target.clientMessageId!)))
    .orderBy(asc(messages.createdAt))
    .limit(1);
  return row;
}

/** Stops the caller's answer if it is still streaming; one that has ended is left as it is. */
export async function stopAnswer(
  deps: { db: Database; answers: DurableAnswers },
  userId: string,
  target: ChatStopRequest,
): Promise<void> {
  const answer = await findAnswer(deps.db, userId, target);
  if (!answer) throw notFound("Message not found.");
  if (answer.status !== "streaming") return;
  // Stopped before a word was stored: a regenerated answer gives its place back, another is closed.
  await deps.answers.stop([answer.id], () => closeAnswer(deps.db, answer.id));
}
