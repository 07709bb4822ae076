// The conversation library: search inside messages, folders and pins, and read-only share links.
// Its limits are in chat-settings.ts.
import { z } from "zod";
import { conversationSummarySchema, sourceSchema } from "./chat";
import { FOLDER_NAME_MAX, MESSAGE_SEARCH_MAX, MESSAGE_SEARCH_PAGE_MAX } from "./chat-settings";

/**
 * A conversation in the list, with where it is filed and whether it is pinned to the top (the server
 * always says; a summary from elsewhere, without them, is unpinned and unfiled).
 */
export const libraryConversationSchema = conversationSummarySchema.extend({
  pinned: z.boolean().optional(),
  folder_id: z.string().nullable().optional(),
});
export type LibraryConversation = z.infer<typeof libraryConversationSchema>;

// ---- Find ----

/** GET /api/conversations/search?q=&cursor=&limit=: the person's messages holding the words, newest first. */
export const messageSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, "q must not be blank.")
    .max(MESSAGE_SEARCH_MAX, `q must be at most ${MESSAGE_SEARCH_MAX} characters.`),
  cursor: z.string().uuid("cursor must be the next_cursor of the page before.").optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGE_SEARCH_PAGE_MAX).optional(),
});
export type MessageSearchQuery = z.infer<typeof messageSearchQuerySchema>;

/** A matched word in a snippet: [start, end) in UTF-16 code units, as JavaScript strings count. */
export const highlightRangeSchema = z.tuple([z.number().int().min(0), z.number().int().min(0)]);
export type HighlightRange = z.infer<typeof highlightRangeSchema>;

export const messageHitSchema = z.object({
  conversation_id: z.string(),
  conversation_title: z.string(),
  message_id: z.string(),
  role: z.enum(["user", "assistant"]),
  created_at: z.string(),
  /** Plain text around the match; the web wraps each range in <mark>. */
  snippet: z.string(),
  highlights: z.array(highlightRangeSchema),
});
export type MessageHit = z.infer<typeof messageHitSchema>;

export const messageSearchPageSchema = z.object({
  hits: z.array(messageHitSchema),
  /** Pass as ?cursor= for the next page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type MessageSearchPage = z.infer<typeof messageSearchPageSchema>;

/**
 * A snippet whose matches are wrapped in `start`/`stop` marks, as plain text and the ranges of its
 * matches. Marks never nest; an unclosed one runs to the end.
 */
export function rangesFromMarked(
  marked: string,
  start: string,
  stop: string,
): { text: string; highlights: HighlightRange[] } {
  let text = "";
  const highlights: HighlightRange[] = [];
  let open: number | null = null;
  for (let i = 0; i < marked.length;) {
    if (marked.startsWith(start, i)) {
      open ??= text.length; // a stray second start inside a match is dropped
      i += start.length;
    } else if (marked.startsWith(stop, i)) {
      if (open !== null && text.length > open) highlights.push([open, text.length]);
      open = null;
      i += stop.length;
    } else {
      text += marked[i];
      i += 1;
    }
  }
  if (open !== null && text.length > open) highlights.push([open, text.length]);
  return { text, highlights };
}

// ---- Folders and pins ----

export const folderSchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  conversation_count: z.number().int(),
});
export type Folder = z.infer<typeof folderSchema>;

export const folderNameSchema = z.object({
  name: z
    .string()
    .transform((s) => s.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, "name must not be blank.").max(FOLDER_NAME_MAX)),
});
export type FolderName = z.infer<typeof folderNameSchema>;

/** PATCH /api/conversations/:id/organize: either or both; folderId null takes it out of its folder. */
export const organizeConversationSchema = z
  .object({
    folderId: z.string().uuid("folderId must be a folder id.").nullable().optional(),
    pinned: z.boolean().optional(),
  })
  .refine((b) => b.folderId !== undefined || b.pinned !== undefined, {
    message: "Give folderId, pinned or both.",
  });
export type OrganizeConversation = z.infer<typeof organizeConversationSchema>;

export const folderConversationsQuerySchema = z.object({
  before: z.string().uuid("before must be a conversation id.").optional(),
});

// ---- Share ----

export const shareRequestSchema = z
  .object({
    includeAttachments: z.boolean().optional(),
    /** A team of the owner's: the link opens only for that team's members, signed in. Null: anyone. */
    teamId: z.string().min(1, "teamId must name a team.").max(200).nullable().optional(),
  })
  .strict();
export type ShareRequest = z.infer<typeof shareRequestSchema>;

export const shareLinkSchema = z.object({
  token: z.string(),
  url: z.string(),
  include_attachments: z.boolean(),
  /** The team whose members alone may open it, or null for anyone holding the link. */
  team: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** One of the owner's links in their list: which conversation it shows. */
export const ownedShareSchema = shareLinkSchema.extend({
  conversation_id: z.string(),
  title: z.string(),
});
export type OwnedShare = z.infer<typeof ownedShareSchema>;

/** A message as a share shows it: no ids, no owner, nothing of the account. */
export const sharedMessageSchema = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  model: z.string().nullable(),
  created_at: z.string(),
  sources: z.array(sourceSchema),
  images: z.array(z.object({ url: z.string() })),
});
export type SharedMessage = z.infer<typeof sharedMessageSchema>;

export const sharedConversationSchema = z.object({
  title: z.string(),
  shared_at: z.string(),
  messages: z.array(sharedMessageSchema),
});
export type SharedConversation = z.infer<typeof sharedConversationSchema>;

/** A share token: 32 bytes of randomness, base64url (43 characters). */
export const shareTokenSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "Not a share link."),
});
