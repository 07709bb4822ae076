// A person's folders of conversations: listed, made, renamed and deleted, each scoped to its owner
// (someone else's folder is a 404). Deleting a folder keeps its conversations, unfiled.
import { FOLDERS_MAX, type Folder } from "@tessera/contracts";
import { and, asc, count, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { conversationFolders, conversations } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";

type FolderRow = typeof conversationFolders.$inferSelect;

const toFolder = (row: FolderRow, n: number): Folder => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  conversation_count: n,
});

export async function listFolders(db: Database, userId: string): Promise<Folder[]> {
  const rows = await db
    .select({ folder: conversationFolders, n: count(conversations.id) })
    .from(conversationFolders)
    .leftJoin(conversations, eq(conversations.folderId, conversationFolders.id))
    .where(eq(conversationFolders.userId, userId))
    .groupBy(conversationFolders.id)
    .orderBy(asc(conversationFolders.createdAt), asc(conversationFolders.id));
  return rows.map((r) => toFolder(r.folder, Number(r.n)));
}

export async function createFolder(db: Database, userId: string, name: string): Promise<Folder> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(conversationFolders)
    .where(eq(conversationFolders.userId, userId));
  if (Number(n) >= FOLDERS_MAX)
    throw new AppError("VALIDATION_FAILED", `You have ${FOLDERS_MAX} folders, the most there can be.`);
  const [row] = await db.insert(conversationFolders).values({ userId, name }).returning();
  return toFolder(row!, 0);
}

/** One's own folder, or a 404. */
export async function ownFolder(db: Database, userId: string, id: string): Promise<FolderRow> {
  const [row] = await db
    .select()
    .from(conversationFolders)
    .where(and(eq(conversationFolders.id, id), eq(conversationFolders.userId, userId)));
  if (!row) throw notFound("Folder not found.");
  return row;
}

export async function renameFolder(db: Database, userId: string, id: string, name: string): Promise<Folder> {
  const [row] = await db
    .update(conversationFolders)
    .set({ name })
    .where(and(eq(conversationFolders.id, id), eq(conversationFolders.userId, userId)))
    .returning();
  if (!row) throw notFound("Folder not found.");
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(conversations)
    .where(eq(conversations.folderId, id));
  return toFolder(row, Number(n));
}

/** Deletes the folder; the foreign key's ON DELETE SET NULL leaves its conversations unfiled. */
export async function deleteFolder(db: Database, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(conversationFolders)
    .where(and(eq(conversationFolders.id, id), eq(conversationFolders.userId, userId)))
    .returning({ id: conversationFolders.id });
  if (deleted.length === 0) throw notFound("Folder not found.");
}
