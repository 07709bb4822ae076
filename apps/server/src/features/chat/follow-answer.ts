// Following an answer while it is written, for a page that did not ask for it (a reload mid-answer,
// another tab): the text so far, then each piece as it comes, from whichever process is writing it
// (streams/relay.ts). Should its writer not answer, the page reads the stored drafts, which grow about
// once a second.
import type { ChatFollowEvent } from "@tessera/contracts";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { messages } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { DurableAnswers } from "../../streams/durable-answers";
import type { AnswerFollower } from "../../streams/relay";

const statusOf = async (db: Database, userId: string, messageId: string) => {
  const [answer] = await db
    .select({ status: messages.status })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.userId, userId), eq(messages.role, "assistant")));
  return answer?.status;
};

/**
 * The caller's answer `messageId`, followed: null when it has ended or its writer cannot be heard.
 * Someone else's answer, or none, is 404.
 */
export async function followAnswer(
  deps: { db: Database; answers: DurableAnswers },
  userId: string,
  messageId: string,
): Promise<AnswerFollower | null> {
  const status = await statusOf(deps.db, userId, messageId);
  if (!status) throw notFound("Message not found.");
  if (status !== "streaming") return null;
  return deps.answers.follow(
    messageId,
    async () => (await statusOf(deps.db, userId, messageId)) === "streaming",
  );
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
