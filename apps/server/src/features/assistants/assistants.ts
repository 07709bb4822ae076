// Assistant use cases. Visible to a person: built-in assistants, their own, and others' public ones.
// Only the owner changes one: someone else's private assistant is a 404, a public one a 403.
import type { Assistant, createAssistantSchema, updateAssistantSchema } from "@tessera/contracts";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { assistantFavorites, assistants, documents, knowledgeCollections } from "../../db/schema";
import { readableCollectionsOf } from "../../knowledge/collections";
import { findVisibleAssistant, visibleAssistantsOf } from "../../knowledge/find-assistant";
import { AppError } from "../../lib/errors";
import { BUILT_IN_ASSISTANTS } from "./built-in-assistants";

type Row = typeof assistants.$inferSelect;

/** The source_key prefix of a built-in assistant: `system:<key>`. */
const SYSTEM_KEY = "system:";

const toAssistant = (row: Row, userId: string, favorites: Set<string>): Assistant => ({
  id: row.id,
  name: row.name,
  description: row.description,
  avatar: row.avatar,
  systemPrompt: row.systemPrompt,
  knowledgeBase: { ...row.knowledgeBase, collections: row.knowledgeBase.collections ?? [] },
  settings: row.settings,
  tools: row.tools,
  isPublic: row.userId === null || row.isPublic,
  userId: row.userId,
  sharedWith: [],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  isSystem: row.userId === null,
  builtIn:
    row.userId === null && row.sourceKey?.startsWith(SYSTEM_KEY)
      ? row.sourceKey.slice(SYSTEM_KEY.length)
      : null,
  isOwned: row.userId === userId,
  // Team sharing arrives with teams; until then nothing is shared or team-owned.
  isShared: false,
  isTeam: false,
  isFavorite: favorites.has(row.id),
  sharedBy: null,
});

async function favoritesOf(db: Database, userId: string) {
  const rows = await db
    .select({ id: assistantFavorites.assistantId })
    .from(assistantFavorites)
    .where(eq(assistantFavorites.userId, userId));
  return new Set(rows.map((r) => r.id));
}

export async function seedBuiltInAssistants(db: Database): Promise<void> {
  for (const a of BUILT_IN_ASSISTANTS) {
    const values = {
      name: a.name,
      description: a.description,
      avatar: a.avatar,
      systemPrompt: a.systemPrompt,
      settings: a.settings,
    };
    await db
      .insert(assistants)
      .values({
        ...values,
        sourceKey: `${SYSTEM_KEY}${a.key}`,
        knowledgeBase: { documents: [], collections: [], websites: [], instructions: "" },
        isPublic: true,
      })
      .onConflictDoUpdate({ target: assistants.sourceKey, set: values });
  }
}

async function ownAssistant(db: Database, userId: string, id: string): Promise<Row> {
  const row = await findVisibleAssistant(db, userId, id);
  if (row.userId !== userId)
    throw new AppError("FORBIDDEN", "Only the person who made this assistant can change it.");
  return row;
}

/** Knowledge documents must be the caller's own. */
async function checkDocuments(db: Database, userId: string, ids: string[]) {
  if (ids.length === 0) return;
  const own = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.userId, userId), inArray(documents.id, ids)));
  if (own.length !== new Set(ids).size)
    throw new AppError("VALIDATION_FAILED", "knowledgeBase.documents: a document was not found.");
}

/** An assistant answers only from knowledge bases its owner reads (their own or their team's). */
async function checkCollections(db: Database, userId: string, ids: string[]) {
  if (ids.length === 0) return;
  const readable = await db
    .select({ id: knowledgeCollections.id })
    .from(knowledgeCollections)
    .where(and(inArray(knowledgeCollections.id, ids), readableCollectionsOf(db, userId)));
  if (readable.length !== new Set(ids).size)
    throw new AppError("VALIDATION_FAILED", "knowledgeBase.collections: a collection was not found.");
}

export async function listAssistants(db: Database, userId: string): Promise<Assistant[]> {
  const [rows, favorites] = await Promise.all([
    db
      .select()
      .from(assistants)
      .where(visibleAssistantsOf(userId))
      .orderBy(sql`${assistants.userId} is not null`, asc(assistants.createdAt))
      .limit(200),
    favoritesOf(db, userId),
  ]);
  return rows.map((r) => toAssistant(r, userId, favorites));
}

export async function getAssistant(db: Database, userId: string, id: string) {
  return toAssistant(await findVisibleAssistant(db, userId, id), userId, await favoritesOf(db, userId));
}

export async function createAssistant(
  db: Database,
  userId: string,
  input: z.output<typeof createAssistantSchema>,
) {
  await checkDocuments(db, userId, input.knowledgeBase.documents);
  await checkCollections(db, userId, input.knowledgeBase.collections);
  const [row] = await db
    .insert(assistants)
    .values({ ...input, userId })
    .returning();
  return toAssistant(row!, userId, new Set());
}

export async function updateAssistant(
  db: Database,
  userId: string,
  id: string,
  input: z.output<typeof updateAssistantSchema>,
) {
  await ownAssistant(db, userId, id);
  if (input.knowledgeBase) {
    await checkDocuments(db, userId, input.knowledgeBase.documents);
    await checkCollections(db, userId, input.knowledgeBase.collections);
  }
  const [row] = await db
    .update(assistants)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(assistants.id, id))
    .returning();
  return toAssistant(row!, userId, await favoritesOf(db, userId));
}

export async function deleteAssistant(db: Database, userId: string, id: string) {
  await ownAssistant(db, userId, id);
  await db.delete(assistants).where(eq(assistants.id, id));
}

export async function setFavorite(db: Database, userId: string, id: string, favorite: boolean) {
  await findVisibleAssistant(db, userId, id);
  if (favorite) await db.insert(assistantFavorites).values({ userId, assistantId: id }).onConflictDoNothing();
  else
    await db
      .delete(assistantFavorites)
      .where(and(eq(assistantFavorites.userId, userId), eq(assistantFavorites.assistantId, id)));
  return getAssistant(db, userId, id);
}
