// Everything that must hold before a chat stream starts: the model exists and is usable, the
// conversation and images belong to the caller, and the user message is stored. Failures here are
// plain HTTP errors and nothing is written.
import { CHAT_ERROR_MESSAGES, findCatalogueModel, type chatStreamRequestSchema } from "@tessera/contracts";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
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
    const history = await tx
      .select({ role: messages.role, content: messages.content })
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(desc(messages.createdAt))
      .limit(HISTORY_MESSAGES);
    const withUrls = images.map((i) => ({ ...i, url: deps.imageUrl(i.storageKey) }));
    const [stored] = await tx
      .insert(messages)
      .values({
        conversationId,
        role: "user",
        content: input.message,
        images: withUrls.map(({ id, url }) => ({ id, url })),
      })
      .returning({ id: messages.id });
    await tx
      .update(conversations)
      .set({ updatedAt: sql`now()`, model: input.model })
      .where(eq(conversations.id, conversationId));
    return {
      conversationId,
      created,
      userMessageId: stored!.id,
      modelId: input.model,
      resolved,
      history: history.reverse(),
      images: withUrls,
      research: Boolean(input.research && catalogue?.research),
    };
  });
}
