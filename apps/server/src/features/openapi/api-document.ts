// The OpenAPI document of our own routes, built from the same zod schemas the routes validate with.
// Better Auth's routes under /api/auth/* are listed by summary only; its own docs describe them.
import {
  knowledgeSearchRequestSchema,
  knowledgeSearchResponseSchema,
  embeddingChoiceSchema,
  embeddingsStatusSchema,
  embeddingTestRequestSchema,
  embeddingTestSchema,
  folderConversationsQuerySchema,
  folderNameSchema,
  folderSchema,
  libraryConversationSchema,
  messageSearchPageSchema,
  messageSearchQuerySchema,
  organizeConversationSchema,
  ownedShareSchema,
  sharedConversationSchema,
  shareLinkSchema,
  shareRequestSchema,
  apiKeyListSchema,
  ssoSettingsSchema,
  updateSsoSettingsSchema,
  assistantSchema,
  aiSearchRequestSchema,
  chatCompletionRequestSchema,
  createApiKeySchema,
  createdApiKeySchema,
  chatRegenerateRequestSchema,
  chatStopRequestSchema,
  chatToolApprovalRequestSchema,
  chatStreamRequestSchema,
  jigsawSearchRequestSchema,
  savedSearchSchema,
  searchSummarySchema,
  comparisonSchema,
  comparisonSummarySchema,
  continueComparisonResponseSchema,
  createComparisonSchema,
  leaderboardSchema,
  ratingSchema,
  createAssistantSchema,
  conversationBranchSchema,
  conversationRenameSchema,
  conversationSummarySchema,
  conversationsExportSchema,
  checkoutRequestSchema,
  checkSubscriptionSchema,
  checkTeamAccessSchema,
  createDocumentFromUrlSchema,
  createDocumentSchema,
  dashboardMetricsSchema,
  adminUsageSchema,
  adminUserDetailSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  banUserSchema,
  budgetsResponseSchema,
  budgetSubjectQuerySchema,
  deleteUserSchema,
  instanceSettingsSchema,
  setBudgetSchema,
  setUserRoleSchema,
  updateInstanceSettingsSchema,
  usageRangeQuerySchema,
  auditPageSchema,
  auditQuerySchema,
  outboxPageSchema,
  outboxQuerySchema,
  adminCatalogueModelSchema,
  adminCatalogueSchema,
  addModelToCatalogueSchema,
  connectionModelsSchema,
  connectionSchema,
  connectionsResponseSchema,
  connectionTestSchema,
  createConnectionSchema,
  updateCatalogueModelSchema,
  updateConnectionSchema,
  serverMetricsSchema,
  addLocalModelSchema,
  localModelSchema,
  localModelsResponseSchema,
  changelogEntrySchema,
  changelogListSchema,
  changelogUpsertSchema,
  trackEventSchema,
  acceptInvitationSchema,
  changeRoleSchema,
  createTeamSchema,
  inviteMemberSchema,
  myTeamSchema,
  teamSchema,
  updateCompanySchema,
  documentChunkSchema,
  documentDetailSchema,
  collectionDetailSchema,
  collectionSummarySchema,
  createCollectionSchema,
  updateCollectionSchema,
  redirectSchema,
  setPlanSchema,
  subscriptionSchema,
  createPromptSchema,
  documentSummarySchema,
  errorResponseSchema,
  generatedImageSchema,
  imageGenerationRequestSchema,
  imageProxyQuerySchema,
  imageModelsResponseSchema,
  healthResponseSchema,
  modelsResponseSchema,
  profileSchema,
  promptSchema,
  publicConfigSchema,
  storedMessageSchema,
  updateAssistantSchema,
  updatePromptSchema,
  updateProfileSchema,
  textToVoiceResponseSchema,
  textToVoiceSchema,
  voiceOverSchema,
  voicesResponseSchema,
  transcriptionSchema,
  transcriptionStatusSchema,
} from "@tessera/contracts";
import { z } from "zod";
import { needsSession, ROUTE_RULES, ruleOf, type RouteRule } from "../../route-rules";

export interface Operation {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  summary: string;
  body?: z.ZodType;
  multipart?: boolean;
  response?: z.ZodType;
  stream?: boolean;
  status?: number;
  /** Better Auth operations that take the bearer token (our own routes say so by their rule). */
  bearer?: boolean;
  /** The query parameters, each a string field of the object. */
  query?: z.ZodObject;
}

const pathParam = (name: string) => ({
  in: "path",
  name,
  required: true,
  // Every id in a path is a uuid; a team's claimed domain and a catalogue model are named as themselves.
  schema:
    name === "modelId"
      ? { type: "string" }
      : { type: "string", format: name === "domain" ? "hostname" : "uuid" },
});

/** The conversation library (features/conversations): search, folders and pins, share links. */
const LIBRARY_OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/api/conversations/search",
    summary:
      "Search inside the caller's messages (full-text): newest first, ?limit= (1..50, 20) a page, ?cursor= the next_cursor of the page before; each hit has a plain-text snippet and the [start, end) ranges of the words that matched. 400 for a blank or too long q",
    query: messageSearchQuerySchema,
    response: messageSearchPageSchema,
  },
  {
    method: "patch",
    path: "/api/conversations/{id}/organize",
    summary: "File a conversation in a folder (folderId, null to unfile) and/or pin it (pinned)",
    body: organizeConversationSchema,
    response: libraryConversationSchema,
  },
  {
    method: "get",
    path: "/api/conversations/{id}/share",
    summary: "The conversation's share link; 404 when it is not shared",
    response: shareLinkSchema,
  },
  {
    method: "post",
    path: "/api/conversations/{id}/share",
    summary:
      "Share a read-only snapshot at PUBLIC_URL/share/<token> (attachments only with includeAttachments); sharing again updates the snapshot and keeps the link",
    body: shareRequestSchema,
    response: shareLinkSchema,
  },
  {
    method: "delete",
    path: "/api/conversations/{id}/share",
    summary: "Stop sharing: the link answers 404 from now on",
    status: 204,
  },
  {
    method: "get",
    path: "/api/shares",
    summary: "The caller's share links, most recently updated first",
    response: z.array(ownedShareSchema),
  },
  {
    method: "get",
    path: "/api/shared/{token}",
    summary: "A shared conversation's snapshot, without a session (X-Robots-Tag: noindex); 404 once revoked",
    response: sharedConversationSchema,
  },
  {
    method: "get",
    path: "/api/conversation-folders",
    summary: "The caller's folders, oldest first, with how many conversations each holds",
    response: z.array(folderSchema),
  },
  {
    method: "post",
    path: "/api/conversation-folders",
    summary: "Make a folder",
    body: folderNameSchema,
    response: folderSchema,
    status: 201,
  },
  {
    method: "patch",
    path: "/api/conversation-folders/{id}",
    summary: "Rename a folder",
    body: folderNameSchema,
    response: folderSchema,
  },
  {
    method: "delete",
    path: "/api/conversation-folders/{id}",
    summary: "Delete a folder; its conversations stay, unfiled",
    status: 204,
  },
  {
    method: "get",
    path: "/api/conversation-folders/{id}/conversations",
    summary: "A folder's conversations, pinned first then newest, 20 at a time (?before=id for the next 20)",
    query: folderConversationsQuerySchema,
    response: z.array(libraryConversationSchema),
  },
];

export const OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/api/health",
    summary: "Liveness, database kind and version",
    response: healthResponseSchema,
  },
  {
    method: "get",
    path: "/api/public/config",
    summary: "What an anonymous visitor may know about this instance",
    response: publicConfigSchema,
  },
  {
    method: "get",
    path: "/api/profile",
    summary: "The caller's profile",
    response: profileSchema,
  },
  {
    method: "patch",
    path: "/api/profile",
    summary: "Update full name and avatar",
    body: updateProfileSchema,
    response: profileSchema,
  },
  {
    method: "get",
    path: "/api/models",
    summary: "The model catalogue with availability",
    response: modelsResponseSchema,
  },
  {
    method: "post",
    path: "/api/chat-stream",
    summary:
      "Send a message; answers text/event-stream of start, chunk, complete | error events. Comparison mode: {comparison: true, comparisonId, responseId} streams one answer of a comparison (complete carries done, tokens and timings)",
    body: chatStreamRequestSchema,
    stream: true,
  },
  {
    method: "post",
    path: "/api/chat-stream/regenerate",
    summary:
      "Answer a question again as a new version of its answer (messageId: any finished answer of the branch shown; 409 while an answer is being written): the conversation branches there; with message, the question is edited first, a new version of it answered afresh. The events of /api/chat-stream. The old version keeps what followed it (PATCH /api/conversations/{id}/branch shows it again), and is shown again if the new answer fails, or is stopped, before its first word",
    body: chatRegenerateRequestSchema,
    stream: true,
  },
  {
    method: "post",
    path: "/api/chat-stream/stop",
    summary:
      "Stop an answer while it streams, named by its id (the start event's messageId) or by its question's clientMessageId; it keeps its text, marked interrupted (stored by the time of the 204 when this process runs it). An answer goes on when its client leaves once it has started",
    body: chatStopRequestSchema,
    status: 204,
  },
  {
    method: "post",
    path: "/api/chat-stream/tool-approval",
    summary:
      "Approve or deny a tool call that waits in the caller's answer (its tool_approval event); 404 for another's answer or a call not waiting. A call left unanswered for 5 minutes is denied",
    body: chatToolApprovalRequestSchema,
    status: 204,
  },
  {
    method: "get",
    path: "/api/chat-stream/{messageId}/follow",
    summary:
      "Follow an answer while it is written (after a reload, in another tab): text/event-stream of resume (the text and tool calls so far), chunk, tool_call, tool_approval, tool_result and end events; then read the stored answer. 204 when it has ended or another server process writes it (read its stored drafts instead)",
    stream: true,
  },
  {
    method: "post",
    path: "/api/chat-images",
    summary: "Upload an image (≤ 10 MB) to attach to a message",
    multipart: true,
    status: 201,
  },
  {
    method: "post",
    path: "/api/attachments/extract",
    summary: "Text of a text file or PDF, cut to 2,000 characters",
    multipart: true,
  },
  {
    method: "get",
    path: "/api/conversations",
    summary:
      "The caller's conversations, pinned first then most recently updated, 20 at a time: the unfiled and the pinned (a folder's are at /api/conversation-folders/{id}/conversations); after ?before=id, the next 20 down the list; with ?q=, those in any folder whose title holds it",
    response: z.array(libraryConversationSchema),
  },
  {
    method: "get",
    path: "/api/conversations/export",
    summary:
      "Every conversation, oldest first, each with all its messages, as one JSON file (an attachment named tessera-conversations-<day>.json)",
    response: conversationsExportSchema,
  },
  {
    method: "get",
    path: "/api/conversations/{id}",
    summary: "One conversation",
    response: conversationSummarySchema,
  },
  {
    method: "get",
    path: "/api/conversations/{id}/export",
    summary:
      "A conversation as a Markdown file (text/markdown, an attachment named from its title): every message in order, with its author, time, pictures (linked at PUBLIC_URL) and sources",
  },
  {
    method: "patch",
    path: "/api/conversations/{id}",
    summary: "Give a conversation a new title (its place in the list stays)",
    body: conversationRenameSchema,
    response: conversationSummarySchema,
  },
  {
    method: "get",
    path: "/api/conversations/{id}/messages",
    summary:
      "Messages of a conversation, oldest first: all, or the newest ?limit=1..500 of them (older than the message ?before=id)",
    response: z.array(storedMessageSchema),
  },
  {
    method: "patch",
    path: "/api/conversations/{id}/branch",
    summary:
      "Show the branch through messageId (a version of a question or answer; messages list their versions) with what followed it when last shown; answers the messages now shown",
    body: conversationBranchSchema,
    response: z.array(storedMessageSchema),
  },
  {
    method: "get",
    path: "/api/conversations/{id}/messages/{messageId}/earlier",
    summary:
      "The answers a regenerated answer replaced, oldest first (a listed answer says has_earlier: true); [] for one that replaced none",
    response: z.array(storedMessageSchema),
  },
  {
    method: "delete",
    path: "/api/conversations/{id}",
    summary: "Delete a conversation and its messages",
    status: 204,
  },
  {
    method: "get",
    path: "/api/documents",
    summary: "The caller's documents",
    response: z.array(documentSummarySchema),
  },
  {
    method: "post",
    path: "/api/documents",
    summary: "Add a document to the caller's knowledge",
    body: createDocumentSchema,
    response: documentSummarySchema,
    status: 201,
  },
  {
    method: "post",
    path: "/api/documents/upload",
    summary: "Add a text, markdown or PDF file (≤ 10 MB, field 'file', optional 'title') read in full",
    multipart: true,
    response: documentSummarySchema,
    status: 201,
  },
  {
    method: "post",
    path: "/api/documents/from-url",
    summary: "Add the main text of a web page, text file or PDF at an address (guarded fetch)",
    body: createDocumentFromUrlSchema,
    response: documentSummarySchema,
    status: 201,
  },
  {
    method: "get",
    path: "/api/documents/{id}",
    summary: "A document with its text",
    response: documentDetailSchema,
  },
  {
    method: "get",
    path: "/api/documents/{id}/chunks/{chunkId}",
    summary: "One passage of a document, as a citation names it (page, heading, text)",
    response: documentChunkSchema,
  },
  { method: "delete", path: "/api/documents/{id}", summary: "Delete a document", status: 204 },
  {
    method: "post",
    path: "/api/documents/{id}/reindex",
    summary: "Chunk and embed a document again, in the background (its index state shows progress)",
    response: documentSummarySchema,
    status: 202,
  },
  {
    method: "post",
    path: "/api/knowledge/search",
    summary: "Search the caller's documents by meaning and by words (hybrid), best chunks first",
    body: knowledgeSearchRequestSchema,
    response: knowledgeSearchResponseSchema,
  },
  {
    method: "get",
    path: "/api/knowledge/collections",
    summary: "The caller's knowledge bases and their teams'",
    response: z.array(collectionSummarySchema),
  },
  {
    method: "post",
    path: "/api/knowledge/collections",
    summary: "Create a knowledge base, personal or (teamId) for the caller's team",
    body: createCollectionSchema,
    response: collectionSummarySchema,
    status: 201,
  },
  {
    method: "get",
    path: "/api/knowledge/collections/{id}",
    summary: "A knowledge base with its documents",
    response: collectionDetailSchema,
  },
  {
    method: "patch",
    path: "/api/knowledge/collections/{id}",
    summary: "Rename or describe a knowledge base",
    body: updateCollectionSchema,
    response: collectionSummarySchema,
  },
  {
    method: "delete",
    path: "/api/knowledge/collections/{id}",
    summary: "Delete a knowledge base and its documents",
    status: 204,
  },
  {
    method: "post",
    path: "/api/knowledge/collections/{id}/documents",
    summary: "Add pasted text to a knowledge base",
    body: createDocumentSchema,
    response: documentSummarySchema,
    status: 201,
  },
  {
    method: "post",
    path: "/api/knowledge/collections/{id}/documents/upload",
    summary: "Add a file (PDF, DOCX, Markdown, text, CSV, HTML; ≤ 10 MB, field 'file') to a knowledge base",
    multipart: true,
    response: documentSummarySchema,
    status: 201,
  },
  {
    method: "post",
    path: "/api/knowledge/collections/{id}/documents/from-url",
    summary: "Add the readable text of a page at an address (guarded fetch) to a knowledge base",
    body: createDocumentFromUrlSchema,
    response: documentSummarySchema,
    status: 201,
  },
  {
    method: "get",
    path: "/api/knowledge/collections/{id}/documents/{documentId}",
    summary: "A document of a knowledge base with its text",
    response: documentDetailSchema,
  },
  {
    method: "post",
    path: "/api/knowledge/collections/{id}/documents/{documentId}/reindex",
    summary: "Index a document of a knowledge base again",
    response: documentSummarySchema,
  },
  {
    method: "delete",
    path: "/api/knowledge/collections/{id}/documents/{documentId}",
    summary: "Delete a document of a knowledge base",
    status: 204,
  },
  {
    method: "get",
    path: "/api/image-proxy",
    summary:
      "A remote favicon, thumbnail or related image (?url=), fetched guarded, served same-origin. " +
      "Search results carry these addresses signed (&exp=&sig=, about an hour) for <img>, which " +
      "sends no bearer token; a bad or expired signature is 403, no signature needs the session",
    query: imageProxyQuerySchema,
  },
  {
    method: "get",
    path: "/api/api-keys",
    summary: "The caller's API keys (never the secret), with 30 days of their use",
    response: apiKeyListSchema,
  },
  {
    method: "post",
    path: "/api/api-keys",
    summary: "Create an API key (plans with API access): the key is in this answer only",
    body: createApiKeySchema,
    response: createdApiKeySchema,
    status: 201,
  },
  {
    method: "delete",
    path: "/api/api-keys/{id}",
    summary: "Revoke an API key: it stops working at once",
    status: 204,
  },
  {
    method: "get",
    path: "/v1/models",
    summary: "OpenAI-compatible: the models the key's owner may use now",
  },
  {
    method: "post",
    path: "/v1/chat/completions",
    summary:
      "OpenAI-compatible chat completions (stream, stream_options.include_usage, temperature, top_p, max_tokens, stop, and the program's own function tools: tools, tool_choice, tool_calls back with finish_reason tool_calls, results as role tool messages; Tessera does not run them); errors in OpenAI's shape",
    body: chatCompletionRequestSchema,
  },
  {
    method: "get",
    path: "/api/prompts",
    summary: "Built-in, own and public prompts (?category=, ?q=)",
    response: z.array(promptSchema),
  },
  {
    method: "post",
    path: "/api/prompts",
    summary: "Save a prompt",
    body: createPromptSchema,
    response: promptSchema,
    status: 201,
  },
  {
    method: "patch",
    path: "/api/prompts/{id}",
    summary: "Change one's own prompt",
    body: updatePromptSchema,
    response: promptSchema,
  },
  {
    method: "delete",
    path: "/api/prompts/{id}",
    summary: "Delete one's own prompt",
    status: 204,
  },
  {
    method: "post",
    path: "/api/prompts/{id}/use",
    summary: "Count a use of a prompt",
    response: promptSchema,
  },
  {
    method: "get",
    path: "/api/assistants",
    summary: "Built-in, own and public assistants",
    response: z.array(assistantSchema),
  },
  {
    method: "post",
    path: "/api/assistants",
    summary: "Create an assistant",
    body: createAssistantSchema,
    response: assistantSchema,
    status: 201,
  },
  {
    method: "patch",
    path: "/api/assistants/{id}",
    summary: "Change one's own assistant",
    body: updateAssistantSchema,
    response: assistantSchema,
  },
  {
    method: "delete",
    path: "/api/assistants/{id}",
    summary: "Delete one's own assistant",
    status: 204,
  },
  {
    method: "post",
    path: "/api/jigsaw-search",
    summary:
      "AI search: text/event-stream of start, searching, sources, images (≤12), overview_start, overview_chunk (content, progress), follow_up, complete (tokensUsed, cost) | error",
    body: jigsawSearchRequestSchema,
    stream: true,
  },
  {
    method: "post",
    path: "/api/ai-search",
    summary: "Simple search: text/event-stream of chunk events with the answer, then complete | error",
    body: aiSearchRequestSchema,
    stream: true,
  },
  {
    method: "get",
    path: "/api/searches",
    summary: "One's 50 latest searches",
    response: z.array(searchSummarySchema),
  },
  {
    method: "get",
    path: "/api/searches/{id}",
    summary: "A saved search: sources, images, overview, follow-ups, tokens and cost",
    response: savedSearchSchema,
  },
  {
    method: "post",
    path: "/api/searches/{id}/stop",
    summary:
      "Stop a search still running (it outlives its stream's client); it keeps what it found, marked failed. Answers once that is stored",
    status: 204,
  },
  {
    method: "delete",
    path: "/api/searches/{id}",
    summary: "Delete a saved search",
    status: 204,
  },
  {
    method: "get",
    path: "/api/subscription",
    summary: "The caller's plan, where it comes from, until when, and this month's image usage",
    response: subscriptionSchema,
  },
  {
    method: "post",
    path: "/api/check-subscription",
    summary: "subscribed, tier and validUntil (spec check-subscription)",
    response: checkSubscriptionSchema,
  },
  {
    method: "post",
    path: "/api/check-team-access",
    summary: "team_access and has_team_features (spec check-team-access)",
    response: checkTeamAccessSchema,
  },
  {
    method: "post",
    path: "/api/billing/trial",
    summary: "Start the 7-day Pro trial (once per account; 409 after)",
    response: subscriptionSchema,
    status: 201,
  },
  {
    method: "post",
    path: "/api/billing/checkout",
    summary: "A Stripe Checkout address for a plan (when Stripe is configured)",
    body: checkoutRequestSchema,
    response: redirectSchema,
  },
  {
    method: "post",
    path: "/api/billing/portal",
    summary: "A Stripe customer-portal address to manage billing",
    response: redirectSchema,
  },
  {
    method: "post",
    path: "/api/billing/webhook",
    summary: "Stripe events, authenticated by the Stripe-Signature header; each applied once",
  },
  {
    method: "put",
    path: "/api/admin/plans",
    summary: "Instance admins (ADMIN_EMAILS) set a person's plan: {email, plan, validUntil}",
    body: setPlanSchema,
    response: subscriptionSchema,
  },
  {
    method: "get",
    path: "/api/comparisons",
    summary: "One's 50 latest model comparisons",
    response: z.array(comparisonSummarySchema),
  },
  {
    method: "post",
    path: "/api/comparisons",
    summary:
      "Start a comparison of up to 4 models (blind: models hidden until rated); stream each answer with POST /api/chat-stream {comparison: true, comparisonId, responseId}",
    body: createComparisonSchema,
    response: comparisonSchema,
    status: 201,
  },
  {
    method: "get",
    path: "/api/comparisons/leaderboard",
    summary: "Personal leaderboard from one's ratings",
    response: leaderboardSchema,
  },
  {
    method: "get",
    path: "/api/comparisons/{id}",
    summary: "One comparison with its answers",
    response: comparisonSchema,
  },
  {
    method: "delete",
    path: "/api/comparisons/{id}",
    summary: "Delete a comparison",
    status: 204,
  },
  {
    method: "put",
    path: "/api/comparisons/{id}/responses/{responseId}/rating",
    summary: "Rate a complete answer 1 to 5",
    body: ratingSchema,
    response: comparisonSchema,
  },
  {
    method: "post",
    path: "/api/comparisons/{id}/stop",
    summary:
      "Stop every answer of a comparison still coming (they outlive their streams' clients); each keeps its text, marked stopped. Answers once those written here are stored",
    status: 204,
  },
  {
    method: "post",
    path: "/api/comparisons/{id}/responses/{responseId}/continue",
    summary: "Continue in chat from an answer: a new conversation",
    response: continueComparisonResponseSchema,
    status: 201,
  },
  {
    method: "post",
    path: "/api/track-event",
    summary:
      "Record a usage event (page_view with page_path and session_id); the user and time come from the session. At most 4 KB (413), rate-limited per person (429)",
    body: trackEventSchema,
    status: 204,
  },
  {
    method: "get",
    path: "/api/admin/usage",
    summary:
      "Instance admins: active people over 7 and 30 days, events per day (30), top pages, and tokens and cost over ?from=&to= (UTC days, both included; the last 30 days by default, at most 366) by day, person, team and model, the API apart; 403 for others",
    query: usageRangeQuerySchema,
    response: adminUsageSchema,
  },
  {
    method: "get",
    path: "/api/admin/users",
    summary:
      "Instance admins: everyone, 25 a page (?page=), searched by name or address (?q=), sorted (?sort= name, email, created, lastActive, tokens or cost; a leading - sorts high to low), with plan, role, team, tokens and cost in 30 days, last activity and status; 404 for others (the console is not there for them)",
    query: adminUsersQuerySchema,
    response: adminUsersPageSchema,
  },
  {
    method: "get",
    path: "/api/admin/users/{id}",
    summary:
      "Instance admins: one person, with sessions, plan source, budget, use this month and what they keep; 404 for no such person",
    response: adminUserDetailSchema,
  },
  {
    method: "post",
    path: "/api/admin/users/{id}/ban",
    summary:
      "Instance admins: ban a person with a reason and an optional end (until); every session of theirs ends at once, in every process, and their API keys stop. Not oneself",
    body: banUserSchema,
    response: adminUserDetailSchema,
  },
  {
    method: "post",
    path: "/api/admin/users/{id}/unban",
    summary: "Instance admins: lift a person's ban",
    response: adminUserDetailSchema,
  },
  {
    method: "post",
    path: "/api/admin/users/{id}/sign-out",
    summary: "Instance admins: end every session a person has, everywhere (they may sign in again)",
    response: adminUserDetailSchema,
  },
  {
    method: "put",
    path: "/api/admin/users/{id}/role",
    summary: "Instance admins: make a person an instance admin (admin) or not (user). Not one's own",
    body: setUserRoleSchema,
    response: adminUserDetailSchema,
  },
  {
    method: "put",
    path: "/api/admin/users/{id}/plan",
    summary:
      "Instance admins: set a person's plan, until validUntil or open-ended (with billing off a label that gates nothing)",
    body: setPlanSchema,
    response: adminUserDetailSchema,
  },
  {
    method: "delete",
    path: "/api/admin/users/{id}",
    summary:
      "Instance admins: delete a person and everything that is theirs, confirmed by their address (confirmEmail); a team they owned passes to its next admin or member, one only they were in goes. Not oneself",
    body: deleteUserSchema,
    status: 204,
  },
  {
    method: "get",
    path: "/api/admin/budgets",
    summary:
      "Instance admins: the monthly budgets (the instance's default, teams', people's), each with how many people it applies to and how many are near or past it",
    response: budgetsResponseSchema,
  },
  {
    method: "put",
    path: "/api/admin/budgets",
    summary:
      "Instance admins: set a monthly cap in tokens, US dollars or both for the instance (each person), a team (each member) or a person; a person's narrowest applies, checked before every model call (429 once reached)",
    body: setBudgetSchema,
    response: budgetsResponseSchema,
  },
  {
    method: "delete",
    path: "/api/admin/budgets",
    summary: "Instance admins: remove a budget (?scope=instance|team|user&id=); 404 when there is none",
    query: budgetSubjectQuerySchema,
    response: budgetsResponseSchema,
  },
  {
    method: "get",
    path: "/api/admin/settings",
    summary:
      "Instance admins: registration (open, invite, closed), allowed sign-up domains, the default plan for new accounts, the instance's name",
    response: instanceSettingsSchema,
  },
  {
    method: "patch",
    path: "/api/admin/settings",
    summary:
      "Instance admins: change any of the settings; in use in every process at once, without a restart",
    body: updateInstanceSettingsSchema,
    response: instanceSettingsSchema,
  },
  {
    method: "get",
    path: "/api/admin/sso",
    summary:
      "Instance admins: company sign-in (OpenID Connect) as configured on Admin → Sign-in or by OIDC_* variables: issuer, client id, whether a secret is kept (never the secret), button label, allowed domains, team by domain, admin claim, and the redirect URI to register",
    response: ssoSettingsSchema,
  },
  {
    method: "put",
    path: "/api/admin/sso",
    summary:
      "Instance admins: set company sign-in; the issuer's discovery document must be readable (400 with the reason otherwise); clientSecret left out keeps the one kept. In use in every process at once",
    body: updateSsoSettingsSchema,
    response: ssoSettingsSchema,
  },
  {
    method: "delete",
    path: "/api/admin/sso",
    summary:
      "Instance admins: remove Admin → Sign-in's configuration (the OIDC_* variables apply again, if set); 404 when there is none",
    response: ssoSettingsSchema,
  },
  {
    method: "get",
    path: "/api/admin/embeddings",
    summary:
      "Instance admins: the embedding model chosen for retrieval by meaning, the set of vectors search reads, a new model's set being built (chunks done of total, or why it stopped), and how nearest chunks are found (pgvector's HNSW index, an index in the server's memory, or exact similarity, as /api/health says)",
    response: embeddingsStatusSchema,
  },
  {
    method: "put",
    path: "/api/admin/embeddings",
    summary:
      "Instance admins: choose the built-in model or a model of a connection that serves OpenAI's /embeddings (tested with one sentence first: 400 with the reason when it cannot embed); every chunk is embedded again in the background and search keeps the current vectors until the new set is complete",
    body: embeddingChoiceSchema,
    response: embeddingsStatusSchema,
  },
  {
    method: "post",
    path: "/api/admin/embeddings/test",
    summary:
      "Instance admins: embed one sentence with a connection's model; answers the vector's size, or the server's reason",
    body: embeddingTestRequestSchema,
    response: embeddingTestSchema,
  },
  {
    method: "get",
    path: "/api/admin/mail",
    summary:
      "Instance admins: the mail this instance made, newest first (?before= the last id of a page, ?limit= up to 50), with each unsent message's link and whether mail is sent now; 403 for others",
    query: outboxQuerySchema,
    response: outboxPageSchema,
  },
  {
    method: "get",
    path: "/api/admin/audit",
    summary:
      "Instance admins: the audit log (admin actions and security events: who, when, from which address, what changed; never a secret), newest first, 50 a page; filters action, actor (part of an email, or a user id), from and to (a date or a moment), q (words anywhere); 404 for others",
    query: auditQuerySchema,
    response: auditPageSchema,
  },
  {
    method: "get",
    path: "/api/admin/audit.csv",
    summary:
      "Instance admins: the events the same filters match as a CSV file (text/csv, newest first, at most 50,000 rows); 404 for others",
    query: auditQuerySchema,
  },
  {
    method: "get",
    path: "/api/admin/metrics",
    summary:
      "Instance admins: database connections (in use, waiting, the most that waited and the longest wait since start, checkouts that timed out) and the process's memory; 403 for others",
    response: serverMetricsSchema,
  },
  {
    method: "get",
    path: "/api/admin/local-models",
    summary:
      "Instance admins: the open models run in process (GGUF), downloads with their progress (bytes, speed, time left), files in DATA_DIR/models not added yet, free disk and memory; 403 for others",
    response: localModelsResponseSchema,
  },
  {
    method: "post",
    path: "/api/admin/local-models",
    summary:
      "Instance admins: add a local model from the catalogue {catalogueId}, by address {url, sha256?, name?} or from DATA_DIR/models {path}; a download is checked (status, GGUF signature, disk room) before it starts, then goes on in the background",
    body: addLocalModelSchema,
    response: localModelSchema,
    status: 201,
  },
  {
    method: "delete",
    path: "/api/admin/local-models/{id}",
    summary:
      "Instance admins: cancel a download (its partial file removed) or remove a model (its downloaded file deleted; a placed file stays)",
    status: 204,
  },
  {
    method: "post",
    path: "/api/admin/local-models/{id}/retry",
    summary: "Instance admins: try a failed download again, from where it stopped when it can",
    response: localModelSchema,
  },
  {
    method: "get",
    path: "/api/admin/connections",
    summary:
      "Instance admins: the providers connected on the Connections page (key shown by its last four characters at most, never whole) and those the server's environment sets; 403 for others",
    response: connectionsResponseSchema,
  },
  {
    method: "post",
    path: "/api/admin/connections",
    summary:
      "Connect a provider: {kind, name, baseUrl?, apiKey?, options?, enabled?}; tested with a real call first (400 CONNECTION_FAILED with the upstream's words, nothing saved) unless verify is false; the key is sealed with ENCRYPTION_KEY; applies at once in every process",
    body: createConnectionSchema,
    response: connectionSchema,
    status: 201,
  },
  {
    method: "patch",
    path: "/api/admin/connections/{id}",
    summary:
      "Change a connection (what is left out stays; apiKey null removes the key); a new address, key or options, or switching it on, is tested first unless verify is false",
    body: updateConnectionSchema,
    response: connectionSchema,
  },
  {
    method: "delete",
    path: "/api/admin/connections/{id}",
    summary: "Remove a connection; models routed through it go back to the automatic choice",
    status: 204,
  },
  {
    method: "post",
    path: "/api/admin/connections/{id}/test",
    summary:
      "One real call to the connection (its model list, a search, a spoken or transcribed sentence, an SMTP sign-in): what came back, or the upstream's own error",
    response: connectionTestSchema,
  },
  {
    method: "get",
    path: "/api/admin/connections/{id}/models",
    summary: "A language-model connection's own model list, each with the catalogue model it already is",
    response: connectionModelsSchema,
  },
  {
    method: "get",
    path: "/api/admin/models",
    summary:
      "The catalogue as instance admins manage it: built-in models (on or off, automatic or through a chosen connection) and added ones, each with what serves it now",
    response: adminCatalogueSchema,
  },
  {
    method: "post",
    path: "/api/admin/models",
    summary:
      "Add a connection's model to the catalogue with a display name and group: {connectionId, upstream, name, group}; its id is its upstream name; 409 when it is in the catalogue already",
    body: addModelToCatalogueSchema,
    response: adminCatalogueModelSchema,
    status: 201,
  },
  {
    method: "patch",
    path: "/api/admin/models/{modelId}",
    summary:
      "Switch a catalogue model off or on, or choose the connection that serves it (connectionId null: automatic); the id URL-encoded",
    body: updateCatalogueModelSchema,
    response: adminCatalogueModelSchema,
  },
  {
    method: "delete",
    path: "/api/admin/models/{modelId}",
    summary: "Remove an added model; a built-in one goes back to how it shipped (on, automatic)",
    status: 204,
  },
  {
    method: "get",
    path: "/api/changelog",
    summary: "Release notes, newest version first",
    response: changelogListSchema,
  },
  {
    method: "post",
    path: "/api/changelog",
    summary:
      "Publish release notes (changelog-upsert): replaces the entry of the same version. Instance admins only (403)",
    body: changelogUpsertSchema,
    response: changelogEntrySchema,
  },
  {
    method: "get",
    path: "/api/dashboard/metrics",
    summary:
      "One's last 30 days: chats, searches, images and videos; chats, tokens and cost per model; chats, searches and images per day",
    response: dashboardMetricsSchema,
  },
  {
    method: "get",
    path: "/api/teams/mine",
    summary: "One's team (company, members, pending invitations for owners and admins, analytics), or null",
    response: myTeamSchema,
  },
  {
    method: "post",
    path: "/api/teams",
    summary: "Create a team (Team plan; one team per person); the creator is owner",
    body: createTeamSchema,
    status: 201,
  },
  {
    method: "get",
    path: "/api/teams/{teamId}",
    summary: "A team one belongs to; 404 for non-members",
    response: teamSchema,
  },
  {
    method: "patch",
    path: "/api/teams/{teamId}",
    summary:
      "Company details: name and slug by the owner, allowed email domains (comma-separated) by the owner or an admin. " +
      "Public mail services are refused; a new domain stays pending, admitting nobody, until it is proven",
    body: updateCompanySchema,
    response: teamSchema,
  },
  {
    method: "post",
    path: "/api/teams/{teamId}/domains/{domain}/check",
    summary:
      "Prove a claimed domain (owner or admin): the TXT record tessera-verification=<token> at " +
      "_tessera.<domain> or <domain>, or the checker's own confirmed address at the domain; the team, " +
      "with the domain verified or still pending and why",
    response: teamSchema,
  },
  {
    method: "post",
    path: "/api/teams/{teamId}/invitations",
    summary: "Invite by mail as member or admin (owner or admin); valid 7 days",
    body: inviteMemberSchema,
    status: 201,
  },
  {
    method: "post",
    path: "/api/teams/{teamId}/invitations/{invitationId}/resend",
    summary: "Send a pending invitation again with a new expiry (owner or admin)",
  },
  {
    method: "post",
    path: "/api/teams/invitations/{invitationId}/accept",
    summary:
      "Accept an invitation: only by the invited address, once, before it expires (403, 410, 404 otherwise)",
    response: acceptInvitationSchema,
  },
  {
    method: "patch",
    path: "/api/teams/{teamId}/members/{userId}",
    summary: "Change a member's role (owner only; the last owner cannot be demoted)",
    body: changeRoleSchema,
    status: 204,
  },
  {
    method: "delete",
    path: "/api/teams/{teamId}/members/{userId}",
    summary: "Remove a member (owner or admin; never the owner or oneself)",
    status: 204,
  },
  {
    method: "post",
    path: "/api/teams/{teamId}/leave",
    summary: "Leave the team (not the last owner)",
    status: 204,
  },
  {
    method: "post",
    path: "/api/transcribe-audio",
    summary:
      "Dictation: a recording (≤ 25 MB, field 'file'; webm, ogg, mp4, wav, mp3 or flac) with optional 'model' and 'language' becomes {text} (empty when nothing was recognised); 503 when no recogniser is set up",
    multipart: true,
    response: transcriptionSchema,
  },
  {
    method: "get",
    path: "/api/transcribe-audio/status",
    summary:
      "Which recogniser dictation uses (a transcription service, or basic offline PocketSphinx), or what to set up",
    response: transcriptionStatusSchema,
  },
  {
    method: "get",
    path: "/api/image-models",
    summary: "Image models with availability and typical seconds",
    response: imageModelsResponseSchema,
  },
  {
    method: "post",
    path: "/api/image-generation",
    summary:
      "Start an image job within the month's allowance (402 past it); answers 202 with the pending row, then poll /api/images/{id} until completed or failed",
    body: imageGenerationRequestSchema,
    response: generatedImageSchema,
    status: 202,
  },
  {
    method: "get",
    path: "/api/images",
    summary: "One's generated images, newest first (?limit=1..50, default 50)",
    response: z.array(generatedImageSchema),
  },
  {
    method: "get",
    path: "/api/images/{id}",
    summary:
      "One image and its job status (pending, generating, completed with image_url, failed with error)",
    response: generatedImageSchema,
  },
  {
    method: "delete",
    path: "/api/images/{id}",
    summary: "Delete an image and its stored file",
    status: 204,
  },
  {
    method: "post",
    path: "/api/text-to-voice",
    summary:
      "Voice-over (Pro and up): a script of up to 10,000 characters spoken in one of six voices; answers the MP3 as base64 audioContent and keeps it; 503 when the speech engine fails",
    body: textToVoiceSchema,
    response: textToVoiceResponseSchema,
  },
  {
    method: "get",
    path: "/api/voices",
    summary: "The six voices and the engine that speaks them (offline eSpeak NG or OpenAI TTS)",
    response: voicesResponseSchema,
  },
  {
    method: "get",
    path: "/api/voice-overs",
    summary: "One's kept voice-overs, newest first (50), each with a same-origin URL of its MP3",
    response: z.array(voiceOverSchema),
  },
  {
    method: "get",
    path: "/api/voice-overs/{id}",
    summary: "One kept voice-over with its MP3 as base64 audioContent",
    response: textToVoiceResponseSchema,
  },
  {
    method: "get",
    path: "/api/voice-overs/{id}/audio",
    summary: "A kept voice-over's MP3 (audio/mpeg); with ?download=1 as an attachment under its file name",
  },
  {
    method: "delete",
    path: "/api/voice-overs/{id}",
    summary: "Delete a kept voice-over and its file",
    status: 204,
  },
  {
    method: "post",
    path: "/api/auth/sign-up/email",
    summary: "Better Auth: create an account (sends a verification mail)",
  },
  {
    method: "post",
    path: "/api/auth/sign-in/email",
    summary: "Better Auth: sign in; the bearer token is in the set-auth-token header",
  },
  ...LIBRARY_OPERATIONS,
  {
    method: "post",
    path: "/api/auth/sign-out",
    summary: "Better Auth: sign out of every session of the user",
    bearer: true,
  },
];

/** The declared rule of an operation; one without a rule is a mistake in route-rules.ts. */
export function operationRule(op: Operation): RouteRule {
  const rule = ruleOf(op.method, op.path) ?? (op.path.startsWith("/api/auth/") ? "better-auth" : undefined);
  if (!rule) throw new Error(`${op.method.toUpperCase()} ${op.path} has no rule in route-rules.ts`);
  return rule;
}

export const operationNeedsBearer = (op: Operation) =>
  op.bearer === true || needsSession(operationRule(op)) || operationRule(op) === "api-key";

const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: "input", unrepresentable: "any" });

const queryParams = (query: z.ZodObject | undefined) =>
  Object.entries(query?.shape ?? {}).map(([name, field]) => ({
    in: "query",
    name,
    required: !(field as z.ZodType).safeParse(undefined).success,
    schema: schema(field as z.ZodType),
  }));

/** A signed address stands in for the bearer token on its rule's routes. */
const securityOf = (rule: RouteRule) =>
  rule === "signed-url"
    ? [{ bearer: [] }, { signedUrl: [] }]
    : rule === "api-key"
      ? [{ apiKey: [] }]
      : [{ bearer: [] }];

export function buildApiDocument(version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const responses: Record<string, unknown> = {
      [String(op.status ?? 200)]: op.stream
        ? { description: "Server-sent events", content: { "text/event-stream": {} } }
        : {
            description: "OK",
            ...(op.response ? { content: { "application/json": { schema: schema(op.response) } } } : {}),
          },
      default: {
        description: "Error",
        content: { "application/json": { schema: schema(errorResponseSchema) } },
      },
    };
    paths[op.path] ??= {};
    paths[op.path]![op.method] = {
      summary: op.summary,
      "x-authorization": ROUTE_RULES[operationRule(op)],
      ...(operationNeedsBearer(op) ? { security: securityOf(operationRule(op)) } : {}),
      ...(op.path.includes("{") || op.query
        ? {
            parameters: [
              ...[...op.path.matchAll(/\{(\w+)\}/g)].map((m) => pathParam(m[1]!)),
              ...queryParams(op.query),
            ],
          }
        : {}),
      ...(op.body
        ? { requestBody: { required: true, content: { "application/json": { schema: schema(op.body) } } } }
        : {}),
      ...(op.multipart
        ? {
            requestBody: {
              required: true,
              content: {
                "multipart/form-data": {
                  schema: { type: "object", properties: { file: { type: "string", format: "binary" } } },
                },
              },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Tessera API",
      version,
      description: "Every call that needs a session takes Authorization: Bearer <token>.",
    },
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer" },
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: "A personal API key (tsr_…) from Account → API keys, for the /v1 routes.",
        },
        signedUrl: {
          type: "apiKey",
          in: "query",
          name: "sig",
          description: "An HMAC the server put in the address it handed out, with its expiry in exp.",
        },
      },
    },
    paths,
  };
}
