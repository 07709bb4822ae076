// Read-only share links: a snapshot of one's conversation (its messages, sources and pictures as they
// are now) behind a long random token. Sharing again replaces the snapshot and keeps the link;
// revoking deletes it, and the token is unknown from then on.
import { randomBytes } from "node:crypto";
import {
  ATTACHED_SOURCE_PREFIX,
  splitAttachments,
  type OwnedShare,
  type SharedConversation,
  type SharedMessage,
  type ShareLink,
} from "@tessera/contracts";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { conversations, conversationShares, messages } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { shownIn } from "../../db/conversation-list";

/** 256 bits from the system's generator, base64url: 43 characters no one can guess. */
const newToken = () => randomBytes(32).toString("base64url");

export const shareUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, "")}/share/${token}`;

/**
 * A message as the public may see it: no ids, no owner. Without attachments, the files a question
 * carried (their text, its pictures) and the sources that cite them are left out.
 */
function sharedMessage(m: typeof messages.$inferSelect, includeAttachments: boolean): SharedMessage {
  const attached = m.role === "user";
  return {
    role: m.role,
    content: includeAttachments || !attached ? m.content : splitAttachments(m.content).text,
    model: m.model,
    created_at: m.createdAt.toISOString(),
    sources: (includeAttachments
      ? m.sources
      : m.sources.filter((s) => !s.url.startsWith(ATTACHED_SOURCE_PREFIX))
    ).map((s) => ({
      title: s.title,
      url: s.url,
      ...(s.domain ? { domain: s.domain } : {}),
      ...(s.snippet ? { snippet: s.snippet } : {}),
    })),
    images: includeAttachments || !attached ? m.images.map((i) => ({ url: i.url })) : [],
  };
}

export async function shareConversation(
  db: Database,
  userId: string,
  conversationId: string,
  { includeAttachments = false }: { includeAttachments?: boolean },
  publicUrl: string,
): Promise<ShareLink> {
  const [owned] = await db
    .select({ title: conversations.title })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)));
  if (!owned) throw notFound("Conversation not found.");
  const shown = await db
    .select()
    .from(messages)
    .where(shownIn(conversationId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  const snapshot: SharedConversation = {
    title: owned.title,
    shared_at: new Date().toISOString(),
    // An answer still being written is shared once it has ended.
    messages: shown.filter((m) => m.status !== "streaming").map((m) => sharedMessage(m, includeAttachments)),
  };
  const [row] = await db
    .insert(conversationShares)
    .values({ token: newToken(), conversationId, userId, includeAttachments, snapshot })
    .onConflictDoUpdate({
      target: conversationShares.conversationId,
      set: { snapshot, includeAttachments, updatedAt: sql`now()` },
    })
    .returning();
  return toLink(row!, publicUrl);
}

const toLink = (row: typeof conversationShares.$inferSelect, publicUrl: string): ShareLink => ({
  token: row.token,
  url: shareUrl(publicUrl, row.token),
  include_attachments: row.includeAttachments,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The link of one's own conversation; 404 when it is not shared (or not one's own). */
export async function getShare(
  db: Database,
  userId: string,
  conversationId: string,
  publicUrl: string,
): Promise<ShareLink> {
  const [row] = await db
    .select()
    .from(conversationShares)
    .where(and(eq(conversationShares.conversationId, conversationId), eq(conversationShares.userId, userId)));
  if (!row) throw notFound("This conversation is not shared.");
  return toLink(row, publicUrl);
}

export async function revokeShare(db: Database, userId: string, conversationId: string): Promise<void> {
  const deleted = await db
    .delete(conversationShares)
    .where(and(eq(conversationShares.conversationId, conversationId), eq(conversationShares.userId, userId)))
    .returning({ id: conversationShares.id });
  if (deleted.length === 0) throw notFound("This conversation is not shared.");
}

/** Every link the person has made, most recently updated first. */
export async function listShares(db: Database, userId: string, publicUrl: string): Promise<OwnedShare[]> {
  const rows = await db
    .select({ share: conversationShares, title: conversations.title })
    .from(conversationShares)
    .innerJoin(conversations, eq(conversations.id, conversationShares.conversationId))
    .where(eq(conversationShares.userId, userId))
    .orderBy(desc(conversationShares.updatedAt));
  return rows.map((r) => ({
    ...toLink(r.share, publicUrl),
    conversation_id: r.share.conversationId,
    title: r.title,
  }));
}

/** The snapshot behind a token, for anyone holding it; an unknown or revoked token is a 404. */
export async function readShared(db: Database, token: string): Promise<SharedConversation> {
  const [row] = await db
    .select({ snapshot: conversationShares.snapshot })
    .from(conversationShares)
    .where(eq(conversationShares.token, token));
  if (!row) throw notFound("This link does not exist or was turned off.");
  return row.snapshot;
}
