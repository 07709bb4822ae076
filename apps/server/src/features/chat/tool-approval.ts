// A person's yes or no to a tool call that waits in their answer. The call waits in the process that
// writes the answer; the request may land on any process, so the decision travels over the streams
// bus (DurableAnswers.decide) as Stop does. Only the answer's owner decides, only on a call that is
// stored as waiting: nothing else (a tool's output included) can approve anything.
import type { ChatToolApprovalRequest, ToolStep } from "@tessera/contracts";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { messages } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { DurableAnswers } from "../../streams/durable-answers";
import { approvalKey } from "./run-chat-stream";

/** How long a call waits for the person before it is denied. */
export const TOOL_APPROVAL_WAIT_MS = 5 * 60_000;

export async function decideToolCall(
  deps: { db: Database; answers: Pick<DurableAnswers, "decide"> },
  userId: string,
  input: ChatToolApprovalRequest,
): Promise<void> {
  const [row] = await deps.db
    .select({ status: messages.status, toolCalls: messages.toolCalls })
    .from(messages)
    .where(
      and(eq(messages.id, input.messageId), eq(messages.userId, userId), eq(messages.role, "assistant")),
    );
  const waiting = (row?.toolCalls ?? []).some(
    (step: ToolStep) => step.id === input.toolCallId && step.approval === "pending",
  );
  if (!row || row.status !== "streaming" || !waiting) throw notFound("No call waits for approval there.");
  await deps.answers.decide(approvalKey(input.messageId, input.toolCallId), input.approve);
}
