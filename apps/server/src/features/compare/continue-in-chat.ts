// "Continue in chat" with an answer of a comparison: a new conversation holding the prompt and that
// answer, so the person carries on with the model that won.
import { COMPARISON_MESSAGES } from "@tessera/contracts";
import { randomUUID } from "node:crypto";
import type { Database } from "../../db/client";
import { conversations, messages } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { titleFrom } from "../../lib/title-from";
import { isRevealed, loadComparison } from "./comparisons";

export async function continueInChat(
  db: Database,
  userId: string,
  comparisonId: string,
  responseId: string,
): Promise<{ conversationId: string }> {
  const { row, responses } = await loadComparison(db, userId, comparisonId);
  const response = responses.find((r) => r.id === responseId);
  if (!response) throw notFound("Answer not found.");
  if (!isRevealed(row, responses)) throw new AppError("CONFLICT", COMPARISON_MESSAGES.stillBlind);
  if (!response.content.trim() || !["complete", "stopped"].includes(response.status))
    throw new AppError("CONFLICT", COMPARISON_MESSAGES.nothingToContinue);

  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(conversations)
      .values({ userId, title: titleFrom(row.prompt), model: response.modelId })
      .returning({ id: conversations.id });
    const id = conversation!.id;
    // Explicit times keep the question before the answer (both would otherwise share now()).
    const asked = new Date(Date.now() - 1);
    const questionId = randomUUID();
    await tx.insert(messages).values([
      { id: questionId, conversationId: id, userId, role: "user", content: row.prompt, createdAt: asked },
      {
        conversationId: id,
        userId,
        parentId: questionId,
        role: "assistant",
        content: response.content,
        model: response.modelId,
        tokensUsed: response.tokensUsed,
        status: response.status === "stopped" ? "interrupted" : "complete",
        createdAt: new Date(asked.getTime() + 1),
      },
    ]);
    return { conversationId: id };
  });
}
