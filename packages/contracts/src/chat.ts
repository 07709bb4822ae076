// The chat wire contract (DESIGN.md): POST /api/chat-stream answers text/event-stream of
// `data: {json}` lines; conversations and messages are plain REST. The limits and wording are in
// chat-settings.ts.
import { z } from "zod";
import { collectionIdsSchema } from "./collections";
import {
  CONVERSATION_SEARCH_MAX,
  CONVERSATION_TITLE_MAX,
  CONVERSATIONS_EXPORT_FORMAT,
  MAX_IMAGES_PER_MESSAGE,
  MAX_MESSAGE_CHARS,
  MAX_TOOLS_PER_ANSWER,
  MESSAGE_PAGE_MAX,
} from "./chat-settings";
import { limitParam } from "./query";

export const chatImageRefSchema = z.object({
  /** An id returned by POST /api/chat-images (the upload), owned by the caller. */
  id: z.string().uuid("not an image id"),
});

export const chatStreamRequestSchema = z.object({
  message: z.string().trim().min(1).max(MAX_MESSAGE_CHARS),
  model: z.string().trim().min(1).max(200),
  conversationId: z.string().uuid().nullish(),
  images: z.array(chatImageRefSchema).max(MAX_IMAGES_PER_MESSAGE).default([]),
  research: z.boolean().default(false),
  deepCrawl: z.boolean().default(false),
  comparison: z.boolean().optional(),
  /** Answer as this assistant: its system prompt, instructions and knowledge go with the turn. */
  assistantId: z.string().uuid().nullish(),
  /**
   * Chosen by the client once per message (crypto.randomUUID()) and sent again on a retry: an id that
   * is already stored is refused with 409 (STREAM_MESSAGES.duplicate). The model is asked while the
   * question is written, so a refused request's call is aborted at once and recorded, never answered.
   */
  clientMessageId: z.string().uuid().optional(),
  /**
   * Tool ids (GET /api/tools) the model may call during this answer; remembered on the conversation.
   * Without it the conversation's remembered set applies (an assistant's own set for a new one).
   */
  tools: z.array(z.string().trim().min(1).max(300)).max(MAX_TOOLS_PER_ANSWER).optional(),
  /**
   * Knowledge bases (GET /api/knowledge/collections) to answer from: grounding then searches only
   * their documents. Each must be the caller's or their team's (404 otherwise).
   */
  collectionIds: collectionIdsSchema.optional(),
});
export type ChatStreamRequest = z.input<typeof chatStreamRequestSchema>;

/**
 * POST /api/chat-stream/regenerate: answers a question again, as a new version of its answer
 * (`messageId`), with the events of /api/chat-stream: the conversation branches there. With `message`,
 * the question is edited first: the new wording (its pictures kept) is a new version of the question,
 * answered afresh. Any finished answer of the branch shown can be redone, while no answer of it is
 * being written (409 otherwise); another's is a 404. What followed the old version stays, out of sight,
 * as its branch (PATCH /api/conversations/:id/branch shows it again), and comes back at once should the
 * new answer fail, or be stopped, before its first word. `clientMessageId` works as for a message: sent again on a retry it is refused with 409,
 * and Stop can name the new answer by it.
 */
export const chatRegenerateRequestSchema = chatStreamRequestSchema
  .pick({
    model: true,
    research: true,
    deepCrawl: true,
    assistantId: true,
    clientMessageId: true,
    collectionIds: true,
  })
  .extend({
    messageId: z.string().uuid("messageId must be an answer's id."),
    message: chatStreamRequestSchema.shape.message.optional(),
  });
export type ChatRegenerateRequest = z.input<typeof chatRegenerateRequestSchema>;

/**
 * POST /api/chat-stream/stop: stops an answer while it streams (204; a 404 names none of the caller's).
 * An answer goes on when its client leaves once it has started, so Stop names it: by its id (the start
 * event's `messageId`, or a stored answer's `id`), or by the question's `clientMessageId`, which the
 * client knows before the start event. The answer keeps its text so far, marked interrupted; when the
 * process that answers the request runs the answer, the 204 comes once that text is stored.
 */
export const chatStopRequestSchema = z
  .object({
    messageId: z.string().uuid("messageId must be an answer's id.").optional(),
    clientMessageId: z.string().uuid("clientMessageId must be a UUID.").optional(),
  })
  .refine((r) => (r.messageId === undefined) !== (r.clientMessageId === undefined), {
    message: "Name the answer by messageId or its question by clientMessageId (one of them).",
  });
export type ChatStopRequest = z.infer<typeof chatStopRequestSchema>;

/**
 * POST /api/chat-stream/tool-approval: the answer's owner approves or denies a waiting call (204; 404
 * for anyone else's answer, or a call not waiting). A call left unanswered for 5 minutes is denied.
 */
export const chatToolApprovalRequestSchema = z.object({
  messageId: z.string().uuid("messageId must be an answer's id."),
  toolCallId: z.string().min(1).max(200),
  approve: z.boolean(),
});
export type ChatToolApprovalRequest = z.infer<typeof chatToolApprovalRequestSchema>;

/**
 * One tool call of an answer, as stored and shown: its input, its output (text, capped), whether it
 * failed, how long it took, and the person's approval when it needed one. `output` is null while the
 * call waits or runs.
 */
export const toolStepSchema = z.object({
  id: z.string(),
  /** The name the model called (`server__tool` for an MCP server's). */
  name: z.string(),
  /** An MCP server's tool: the tool's own name and the server's, for people (absent on older steps). */
  tool: z.string().optional(),
  server: z.string().optional(),
  input: z.unknown(),
  output: z.string().nullable(),
  isError: z.boolean(),
  durationMs: z.number().int().nonnegative().nullable(),
  approval: z.enum(["none", "pending", "approved", "denied"]),
});
export type ToolStep = z.infer<typeof toolStepSchema>;

export const sourceSchema = z.object({
  title: z.string(),
  url: z.string(),
  domain: z.string().optional(),
  snippet: z.string().optional(),
  /** A passage (chunk) of a person's document: the page opens the document at it. */
  documentId: z.string().optional(),
  chunkId: z.string().optional(),
  page: z.number().int().optional(),
  heading: z.string().optional(),
  /** The embedding model did not answer: the passage was found by the question's words only. */
  fallback: z.literal("keyword").optional(),
});
export type Source = z.infer<typeof sourceSchema>;

/** The model called a tool; it runs now, or once approved. Its input is the model's, untrusted. */
const toolCallEventSchema = z.object({
  type: z.literal("tool_call"),
  id: z.string(),
  name: z.string(),
  /** An MCP server's tool: its own name and the server's (toolStepSchema). */
  tool: z.string().optional(),
  server: z.string().optional(),
  input: z.unknown(),
});
/** The call waits for POST /api/chat-stream/tool-approval. */
const toolApprovalEventSchema = toolCallEventSchema.extend({ type: z.literal("tool_approval") });
/** The call's output: text to show as text, never markup. */
const toolResultEventSchema = z.object({
  type: z.literal("tool_result"),
  id: z.string(),
  output: z.string(),
  isError: z.boolean(),
  durationMs: z.number().int().nonnegative(),
});

export const chatStreamEventSchema = z.discriminatedUnion("type", [
  /** `messageId` is the answer's: Stop names it (chatStopRequestSchema). */
  z.object({
    type: z.literal("start"),
    conversationId: z.string(),
    model: z.string(),
    messageId: z.string(),
  }),
  z.object({ type: z.literal("chunk"), content: z.string() }),
  /**
   * Before the first words of a model that runs on the server (gguf/…): where the answer stands, in
   * words to show ("Waiting for the local model: 2 ahead"); `ahead` while it waits its turn.
   */
  z.object({
    type: z.literal("status"),
    message: z.string(),
    ahead: z.number().int().nonnegative().nullable(),
  }),
  z.object({
    type: z.literal("complete"),
    outputTokens: z.number().int().nonnegative(),
    sources: z.array(sourceSchema),
    messageId: z.string(),
  }),
  z.object({ type: z.literal("error"), error: z.string(), message: z.string() }),
  toolCallEventSchema,
  toolApprovalEventSchema,
  toolResultEventSchema,
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;

/**
 * GET /api/chat-stream/:messageId/follow: an answer still being written, token by token, for a page
 * that did not ask for it (a reload, another tab). `resume` carries the text so far and the tool
 * calls so far, `chunk` what follows, `tool_call` / `tool_approval` / `tool_result` each call as it
 * goes (as on the chat stream), `end` says it has ended: its stored form (status, tokens, sources) is
 * read from the conversation then. Any server process follows it, at the pace of the one writing it. 204 (no events)
 * when the answer has ended, or its writer could not be reached: the page reads the stored answer.
 */
export const chatFollowEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("resume"),
    messageId: z.string(),
    content: z.string(),
    toolCalls: z.array(toolStepSchema).optional(),
  }),
  z.object({ type: z.literal("chunk"), content: z.string() }),
  toolCallEventSchema,
  toolApprovalEventSchema,
  toolResultEventSchema,
  z.object({ type: z.literal("end") }),
]);
export type ChatFollowEvent = z.infer<typeof chatFollowEventSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  model: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  message_count: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** PATCH /api/conversations/:id: a new title (the server puts it on one line); the list's order stays. */
export const conversationRenameSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, "A conversation needs a title.")
    .max(CONVERSATION_TITLE_MAX, `A title can be at most ${CONVERSATION_TITLE_MAX} characters.`),
});
export type ConversationRename = z.input<typeof conversationRenameSchema>;

/**
 * GET /api/conversations?before=&q=: the 20 most recently updated conversations, those updated before
 * the conversation `before` (the next page down the list), those whose title holds `q`, or both.
 */
export const conversationListQuerySchema = z.object({
  before: z.string().uuid("before must be a conversation id.").optional(),
  q: z.string().trim().max(CONVERSATION_SEARCH_MAX).optional(),
});
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;

/**
 * PATCH /api/conversations/:id/branch: shows the branch through the message `messageId`, a version of
 * a question or an answer, and what followed it when it was last shown; answers the messages now in
 * sight, as GET /api/conversations/:id/messages. 404 for a message not in the caller's conversation,
 * 409 while an answer of the branch shown is being written.
 */
export const conversationBranchSchema = z.object({
  messageId: z.string().uuid("messageId must be a message's id."),
});
export type ConversationBranch = z.infer<typeof conversationBranchSchema>;

export const storedMessageSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  created_at: z.string(),
  tokens_used: z.number().int().nullable(),
  model: z.string().nullable(),
  sources: z.array(sourceSchema),
  images: z.array(z.object({ id: z.string(), url: z.string() })),
  /**
   * An answer is "streaming" while it is written (its text so far is stored about once a second),
   * then "complete", "error" (its partial text kept) or "interrupted" (stopped, or its server went
   * away; the text ends with RESPONSE_INTERRUPTED_MARK). Questions are "complete".
   */
  status: z.enum(["complete", "streaming", "interrupted", "error"]).optional(),
  /** On an answer whose status is "error": why, in the server's English (the error event's message). */
  error: z.string().optional(),
  /**
   * On an answer regenerated in place of others to the same question: true (absent otherwise). GET
   * /api/conversations/:id/messages/:messageId/earlier lists them.
   */
  has_earlier: z.literal(true).optional(),
  /**
   * When the turn has other versions (an edited question, a regenerated answer): the ids of all of
   * them, this one included, oldest first (absent otherwise). PATCH /api/conversations/:id/branch
   * shows another.
   */
  versions: z.array(z.string()).optional(),
  /**
   * In the export, which keeps every branch: the message this one follows (null for a first question),
   * and for one out of sight (on a branch not shown) the message whose version put it there.
   */
  parent_id: z.string().nullable().optional(),
  replaced_by: z.string().nullable().optional(),
  /** On an answer whose model called tools: each call, in order (absent otherwise). */
  tool_calls: z.array(toolStepSchema).optional(),
});
export type StoredMessage = z.infer<typeof storedMessageSchema>;

/**
 * GET /api/conversations/export: every one of the caller's conversations, oldest first, each with all
 * its messages oldest first, every branch's (`parent_id`, `replaced_by`), as one JSON file.
 */
export const conversationsExportSchema = z.object({
  format: z.literal(CONVERSATIONS_EXPORT_FORMAT),
  exported_at: z.string(),
  conversations: z.array(
    conversationSummarySchema
      .omit({ message_count: true })
      .extend({ messages: z.array(storedMessageSchema) }),
  ),
});
export type ConversationsExport = z.infer<typeof conversationsExportSchema>;

/**
 * GET /api/conversations/:id/messages?limit=&before=: with neither, every message; with `limit`, the
 * newest `limit` of them (older than the message `before`, if given). Always oldest first.
 */
export const messagePageQuerySchema = z.object({
  limit: limitParam(MESSAGE_PAGE_MAX).optional(),
  before: z.string().uuid("before must be a message id.").optional(),
});
export type MessagePageQuery = z.infer<typeof messagePageQuerySchema>;
