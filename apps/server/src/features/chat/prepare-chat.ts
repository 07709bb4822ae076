// Everything that must hold before a chat stream starts: the model exists and is usable, the
// conversation and images belong to the caller, and the user message is stored together with its
// answer, empty and "streaming", which the stream fills in as it goes (so a crash or a shutdown keeps
// the text so far). Failures here are plain HTTP errors and nothing is written.
import {
  CHAT_ERROR_MESSAGES,
  STREAM_MESSAGES,
  findCatalogueModel,
  type chatStreamRequestSchema,
} from "@tessera/contracts";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { chatImages, conversations, messages } from "../../db/schema";
import { requireModel } from "../../billing/plans";
import { AppError, notFound } from "../../lib/errors";
import { titleFrom } from "../../lib/title-from";
import type { LlmRegistry, ResolvedModel, Retrieve } from "../../providers/llm/types";

export const HISTORY_MESSAGES = 20;

export interface PreparedChat {
  conversationId: string;
  created: boolean;
  userMessageId: string;
  /** The answer's row, stored as "streaming" with no text yet. */
  assistantMessageId: string;
  modelId: string;
  resolved: Extract<ResolvedModel, { ok: true }>;
  history: { role: "user" | "assistant"; content: string }[];
  images: { id: string; url: string; storageKey: string; contentType: string }[];
  research: boolean;
}

export async function prepareChat(
  deps: { db: Database; llm: LlmRegistry; imageUrl: (storageKey: string) => string },
  userId: string,
  input: z.output<typeof chatStreamRequestSchema>,
  retrieve: Retrieve,
): Promise<PreparedChat> {
  const resolved = await deps.llm.resolve(input.model, { retrieve });
  if (!resolved.ok) {
    throw resolved.reason === "unsupported"
      ? new AppError("BAD_REQUEST", CHAT_ERROR_MESSAGES.unsupported)
      : new AppError("UNAVAILABLE", CHAT_ERROR_MESSAGES.unavailable);
  }
  const catalogue = findCatalogueModel(input.model);
  // The plan decides before anything is stored: a refused message leaves no trace.
  await requireModel(deps.db, userId, input.model, catalogue?.name ?? input.model);

  return deps.db.transaction(async (tx) => {
    let conversationId = input.conversationId ?? null;
    let created = false;
    if (conversationId) {
      const [own] = await tx
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)));
      if (!own) throw notFound("Conversation not found.");
    }
    const images = input.images.length
      ? await tx
          .select({
            id: chatImages.id,
            storageKey: chatImages.storageKey,
            contentType: chatImages.contentType,
          })
          .from(chatImages)
          .where(
            and(
              eq(chatImages.userId, userId),
              inArray(
                chatImages.id,
                input.images.map((i) => i.id),
              ),
            ),
          )
      : [];
    if (images.length !== new Set(input.images.map((i) => i.id)).size) throw notFound("Image not found.");

    if (!conversationId) {
      const [row] = await tx
        .insert(conversations)
        .values({ userId, title: titleFrom(input.message), model: input.model })
        .returning({ id: conversations.id });
      conversationId = row!.id;
      created = true;
    }
    // A new conversation has no history; an answer still streaming (another tab) is not history yet.
    const history = created
      ? []
      : await tx
          .select({ role: messages.role, content: messages.content })
          .from(messages)
          .where(and(eq(messages.conversationId, conversationId), ne(messages.status, "streaming")))
          .orderBy(desc(messages.createdAt))
          .limit(HISTORY_MESSAGES);
    const withUrls = images.map((i) => ({ ...i, url: deps.imageUrl(i.storageKey) }));
    // One statement for the question and its answer-to-be. A repeated client message id conflicts on
    // the unique index and inserts nothing: decided by the database, so two racing requests cannot
    // both pass. The answer sorts after the question (now() is the transaction's start).
    const stored = await tx
      .insert(messages)
      .values([
        {
          conversationId,
          userId,
          role: "user",
          content: input.message,
          images: withUrls.map(({ id, url }) => ({ id, url })),
          clientMessageId: input.clientMessageId ?? null,
        },
        {
          conversationId,
          userId,
          role: "assistant",
          content: "",
          model: input.model,
          status: "streaming",
          createdAt: sql`now() + interval '1 microsecond'`,
        },
      ])
      .onConflictDoNothing({ target: messages.clientMessageId })
      .returning({ id: messages.id, role: messages.role });
    const userMessage = stored.find((m) => m.role === "user");
    const answer = stored.find((m) => m.role === "assistant");
    // The whole transaction rolls back: no conversation, no orphan answer.
    if (!userMessage || !answer) throw new AppError("CONFLICT", STREAM_MESSAGES.duplicate);
    if (!created)
      await tx
        .update(conversations)
        .set({ updatedAt: sql`now()`, model: input.model })
        .where(eq(conversations.id, conversationId));
    return {
      conversationId,
      created,
      userMessageId: userMessage.id,
      assistantMessageId: answer.id,
      modelId: input.model,
      resolved,
      history: history.reverse(),
      images: withUrls,
      research: Boolean(input.research && catalogue?.research),
    };
  });
}
