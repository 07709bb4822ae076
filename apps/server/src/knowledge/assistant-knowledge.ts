// An assistant's knowledge: the documents it answers from, whoever chats with it. They are its own
// documents and its collections' that its owner still reads (leaving a team takes that team's out
// at once). Chat grounds answers on them, and a citation of one opens for the person who asked.
import { and, eq, inArray, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { assistants, documents } from "../db/schema";
import { visibleAssistantsOf } from "./find-assistant";
import { readableDocumentsOf } from "./collections";

type Assistant = Pick<typeof assistants.$inferSelect, "userId" | "knowledgeBase">;

/** The ids of the documents `assistant` answers from (of `among` only, when given). */
export async function assistantDocumentIds(
  db: Database,
  assistant: Assistant,
  among?: string[],
): Promise<string[]> {
  const { documents: docs, collections = [] } = assistant.knowledgeBase;
  // Built-in assistants (no owner) have no documents.
  if (!assistant.userId || (!docs.length && !collections.length)) return [];
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        or(
          docs.length ? inArray(documents.id, docs) : undefined,
          collections.length ? inArray(documents.collectionId, collections) : undefined,
        ),
        readableDocumentsOf(db, assistant.userId),
        among ? inArray(documents.id, among) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

/** Whether `userId` may use assistant `assistantId` and it answers from `documentId`. */
export async function readsThroughAssistant(
  db: Database,
  userId: string,
  assistantId: string,
  documentId: string,
): Promise<boolean> {
  const [assistant] = await db
    .select({ userId: assistants.userId, knowledgeBase: assistants.knowledgeBase })
    .from(assistants)
    .where(and(eq(assistants.id, assistantId), visibleAssistantsOf(userId)));
  if (!assistant) return false;
  return (await assistantDocumentIds(db, assistant, [documentId])).length > 0;
}
