// Following an answer while it is written, for a page that did not ask for it (a reload mid-answer,
// another tab): the text so far, then each piece as it comes, from whichever process is writing it
// (streams/relay.ts). Should its writer not answer, the page reads the stored drafts, which grow about
// once a second. Its tool calls are stored as they change and the writer marks each change: the
// follower reads them again and sends what is new as the chat stream would have.
import type { ChatFollowEvent, ToolStep } from "@tessera/contracts";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { messages } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { DurableAnswers } from "../../streams/durable-answers";
import { CHANGED, type AnswerFollower } from "../../streams/relay";

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

/** The caller's answer's tool calls as stored now. */
export async function storedSteps(db: Database, userId: string, messageId: string): Promise<ToolStep[]> {
  const [answer] = await db
    .select({ toolCalls: messages.toolCalls })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.userId, userId)));
  return answer?.toolCalls ?? [];
}

/** The events that take a page from the calls it was shown (`before`) to the calls stored now. */
export function stepEvents(before: readonly ToolStep[], now: readonly ToolStep[]): ChatFollowEvent[] {
  const events: ChatFollowEvent[] = [];
  for (const step of now) {
    const { id, name, tool, server, input, output, isError, durationMs } = step;
    const shown = before.find((s) => s.id === id);
    const call = { id, name, ...(tool && server ? { tool, server } : {}), input };
    if (!shown) events.push({ type: "tool_call", ...call });
    if (step.approval === "pending" && output === null && shown?.approval !== "pending")
      events.push({ type: "tool_approval", ...call });
    if (output !== null && (shown?.output ?? null) === null)
      events.push({ type: "tool_result", id, output, isError, durationMs: durationMs ?? 0 });
  }
  return events;
}

export async function* followEvents(
  messageId: string,
  follower: AnswerFollower,
  signal: AbortSignal,
  readSteps: () => Promise<ToolStep[]>,
): AsyncGenerator<ChatFollowEvent> {
  let steps = await readSteps();
  yield { type: "resume", messageId, content: follower.text, ...(steps.length ? { toolCalls: steps } : {}) };
  for await (const piece of follower.rest(signal)) {
    if (piece !== CHANGED) {
      yield { type: "chunk", content: piece };
      continue;
    }
    const now = await readSteps();
    yield* stepEvents(steps, now);
    steps = now;
  }
  yield { type: "end" };
}
