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
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { conversations, conversationShares, member, messages, organization } from "../../db/schema";
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
  { includeAttachments = false, teamId = null }: { includeAttachments?: boolean; teamId?: string | null },
  publicUrl: string,
): Promise<ShareLink> {
  // Only to a team one is in: any other id is as unknown as a team that does not exist.
  if (teamId !== null && !(await isMember(db, userId, teamId))) throw notFound("Team not found.");
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
    .values({ token: newToken(), conversationId, userId, includeAttachments, teamId, snapshot })
    .onConflictDoUpdate({
      target: conversationShares.conversationId,
      set: { snapshot, includeAttachments, teamId, updatedAt: sql`now()` },
    })
    .returning();
  return toLink(row!, await teamNames(db, [row!.teamId]), publicUrl);
}

async function isMember(db: Database, userId: string, teamId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.organizationId, teamId), eq(member.userId, userId)));
  return row !== undefined;
}

/** The names of the teams links are for, by id. */
async function teamNames(db: Database, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: organization.id, name: organization.name })
    .from(organization)
    .where(inArray(organization.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

const toLink = (
  row: typeof conversationShares.$inferSelect,
  teams: Map<string, string>,
  publicUrl: string,
): ShareLink => ({
  token: row.token,
  url: shareUrl(publicUrl, row.token),
  include_attachments: row.includeAttachments,
  team: row.teamId ? { id: row.teamId, name: teams.get(row.teamId) ?? "" } : null,
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
  return toLink(row, await teamNames(db, [row.teamId]), publicUrl);
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
  const teams = await teamNames(
    db,
    rows.map((r) => r.share.teamId),
  );
  return rows.map((r) => ({
    ...toLink(r.share, teams, publicUrl),
    conversation_id: r.share.conversationId,
    title: r.title,
  }));
}

/**
 * The snapshot behind a token, for anyone holding it, or for a team link only for a signed-in member
 * of that team (`viewerId`); anything else is the 404 of an unknown or revoked token.
 */
export async function readShared(
  db: Database,
  token: string,
  viewerId: string | null,
): Promise<SharedConversation> {
  const unknown = () => notFound("This link does not exist or was turned off.");
  const [row] = await db
    .select({ snapshot: conversationShares.snapshot, teamId: conversationShares.teamId })
    .from(conversationShares)
    .where(eq(conversationShares.token, token));
  if (!row) throw unknown();
  if (row.teamId !== null && (viewerId === null || !(await isMember(db, viewerId, row.teamId))))
    throw unknown();
  return row.snapshot;
}
