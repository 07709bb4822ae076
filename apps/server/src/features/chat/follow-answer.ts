// Following an answer while it is written, for a page that did not ask for it (a reload mid-answer,
// another tab): the text so far, then each piece as it comes (answer-relay.ts), when this process is
// the one writing it. Otherwise the page reads the stored drafts, which grow about once a second.
import type { ChatFollowEvent } from "@tessera/contracts";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { messages } from "../../db/schema";
import type { AnswerFollower, AnswerRelay } from "../../lib/answer-relay";
import { notFound } from "../../lib/errors";

/**
 * The caller's answer `messageId`, followed here: null when it has ended or another process writes it.
 * Someone else's answer, or none, is 404.
 */
export async function followAnswer(
  deps: { db: Database; relay: AnswerRelay },
  userId: string,
  messageId: string,
): Promise<AnswerFollower | null> {
  const [answer] = await deps.db
    .select({ status: messages.status })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.userId, userId), eq(messages.role, "assistant")));
  if (!answer) throw notFound("Message not found.");
  return answer.status === "streaming" ? deps.relay.follow(messageId) : null;
}

export async function* followEvents(
  messageId: string,
  follower: AnswerFollower,
  signal: AbortSignal,
): AsyncGenerator<ChatFollowEvent> {
  yield { type: "resume", messageId, content: follower.text };
  for await (const piece of follower.rest(signal)) yield { type: "chunk", content: piece };
  yield { type: "end" };
}
