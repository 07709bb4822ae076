// Files a conversation in one of its owner's folders (or takes it out) and pins or unpins it. Its
// place by time (updated_at) stays: filing is not a new turn.
import type { LibraryConversation, OrganizeConversation } from "@tessera/contracts";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { conversations } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { libraryConversation } from "../../db/conversation-list";
import { ownFolder } from "./folders";

export async function organizeConversation(
  db: Database,
  userId: string,
  id: string,
  change: OrganizeConversation,
): Promise<LibraryConversation> {
  // Someone else's folder is as unknown as a missing one.
  if (change.folderId) await ownFolder(db, userId, change.folderId);
  const [row] = await db
    .update(conversations)
    .set({
      ...(change.folderId !== undefined ? { folderId: change.folderId } : {}),
      ...(change.pinned !== undefined ? { pinned: change.pinned } : {}),
    })
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
    .returning({ id: conversations.id });
  const organized = row && (await libraryConversation(db, userId, id));
  if (!organized) throw notFound("Conversation not found.");
  return organized;
}
