// The role matrix: every route that takes an id (in its path or its body), called by every kind of
// caller, against real objects. Someone else's object answers 404 exactly as a missing id does, a
// write without the right is refused (403 or 404), no session or a suspended account is 401, and the
// refused calls leave every table and stored file as they were. A new id route is one row in ROWS.
import { createHash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiKeys,
  assistants,
  chatImages,
  comparisonResponses,
  comparisons,
  connections,
  conversationFolders,
  conversations,
  conversationShares,
  documents,
  knowledgeChunks,
  localModels,
  generatedImages,
  jobs,
  mcpServers,
  member,
  messages,
  searches,
  teamDomains,
  user,
  voiceOvers,
} from "../db/schema";
import { newApiKey } from "../auth/api-key";
import { IMPORT_JOB } from "../features/import/import-jobs";
import { ROUTE_AUTH } from "../route-rules";
import { createTestApp, type TestApp } from "./test-app";

const ROLES = [
  "signedOut",
  "author",
  "other",
  "member",
  "admin",
  "owner",
  "instanceAdmin",
  /** An instance admin by ADMIN_EMAILS rather than by role. */
  "listedAdmin",
  "suspended",
] as const;
type Role = (typeof ROLES)[number];

/** Everyone signed in who is not suspended. */
const SIGNED_IN: Role[] = ["author", "other", "member", "admin", "owner", "instanceAdmin", "listedAdmin"];
const TEAM: Role[] = ["author", "member", "admin", "owner"];

interface Fixtures {
  users: Record<Exclude<Role, "signedOut">, string>;
  /** Stored files of the image and the voice-over: public by their unguessable address. */
  files: string[];
  team: string;
  invitation: string;
  conversation: string;
  /** The stored answer in `conversation`. */
  chatAnswer: string;
  /** The author's folder, and the token of the author's share link to `conversation`. */
  folder: string;
  shareToken: string;
  /** The author's finished job (a voice-over's, say) and finished conversation import. */
  job: string;
  importJob: string;
  chatImage: string;
  document: string;
  /** A chunk of `document`: the passage a citation opens. */
  documentChunk: string;
  /** The author's knowledge base with one document in it, and a knowledge base of the team. */
  collection: string;
  collectionDocument: string;
  teamCollection: string;
  privatePrompt: string;
  publicPrompt: string;
  privateAssistant: string;
  publicAssistant: string;
  builtInAssistant: string;
  search: string;
  comparison: string;
  answer: string;
  pendingAnswer: string;
  image: string;
  voiceOver: string;
  /** A connection on Admin → Connections, to a server that does not answer. */
  connection: string;
  /** MCP servers on Admin → Tools and of the team, at an address where nothing answers. */
  mcpServer: string;
  teamMcpServer: string;
  /** The author's personal API key. */
  apiKey: string;
  /** A local model whose download failed, from a server that does not answer. */
  localModel: string;
  /** Someone the admin console acts on (ban, role, plan, delete), and their address. */
  target: { id: string; email: string };
}

interface Row {
  /** The route's key in route-rules.ts. */
  route: string;
  /** What the row is about, when one route has several rows. */
  case?: string;
  path: (f: Fixtures) => string;
  body?: (f: Fixtures) => unknown;
  /** The id that makes this someone's object: replaced by a fresh uuid, the call must answer alike. */
  objectId?: (f: Fixtures) => string;
  /** Roles the call is meant to succeed for, with the status. Reads run in the matrix; writes run
   * afterwards, in table order, by the first role listed, to prove the refused request was well formed. */
  allowed: Partial<Record<Role, number>>;
  /** What the others get: reads of an object 404, writes 403 or 404. */
  refused?: readonly number[];
}

const CHAT = { message: "Hello there", model: "tessera-local" };
const own = (status = 200): Partial<Record<Role, number>> => ({ author: status });
const everyone = (status = 200) => Object.fromEntries(SIGNED_IN.map((r) => [r, status]));
const team = (status = 200) => Object.fromEntries(TEAM.map((r) => [r, status]));

const ROWS: Row[] = [
  // Conversations and what chat reads by id from its body.
  {
    route: "GET /api/conversations/:id",
    path: (f) => `/api/conversations/${f.conversation}`,
    objectId: (f) => f.conversation,
    allowed: own(),
  },
  {
    route: "GET /api/conversations/:id/messages",
    path: (f) => `/api/conversations/${f.conversation}/messages`,
    objectId: (f) => f.conversation,
    allowed: own(),
  },
  {
    route: "GET /api/conversations/:id/messages/:messageId/earlier",
    path: (f) => `/api/conversations/${f.conversation}/messages/${f.chatAnswer}/earlier`,
    objectId: (f) => f.conversation,
    allowed: own(),
  },
  {
    route: "GET /api/conversations/:id/export",
    path: (f) => `/api/conversations/${f.conversation}/export`,
    objectId: (f) => f.conversation,
    allowed: own(),
  },
  {
    route: "PATCH /api/conversations/:id",
    path: (f) => `/api/conversations/${f.conversation}`,
    body: () => ({ title: "Renamed" }),
    objectId: (f) => f.conversation,
    allowed: own(),
  },
  {
    route: "POST /api/chat-stream",
    case: "continuing another's conversation",
    path: () => "/api/chat-stream",
    body: (f) => ({ ...CHAT, conversationId: f.conversation }),
    objectId: (f) => f.conversation,
    allowed: own(),
  },
  {
    route: "POST /api/chat-stream",
    case: "attaching another's image",
    path: () => "/api/chat-stream",
    body: (f) => ({ ...CHAT, images: [{ id: f.chatImage }] }),
    objectId: (f) => f.chatImage,
    allowed: own(),
  },
  {
    route: "POST /api/chat-stream",
    case: "answering as another's private assistant",
    path: () => "/api/chat-stream",
    body: (f) => ({ ...CHAT, assistantId: f.privateAssistant }),
    objectId: (f) => f.privateAssistant,
    allowed: own(),
  },
  {
    route: "POST /api/chat-stream",
    case: "streaming an answer of another's comparison",
    path: () => "/api/chat-stream",
    body: (f) => ({ comparison: true, comparisonId: f.comparison, responseId: f.pendingAnswer }),
    objectId: (f) => f.comparison,
    allowed: own(),
  },
  {
    // An answer that has ended has nothing to follow: 204, read the stored one.
    route: "GET /api/chat-stream/:messageId/follow",
    path: (f) => `/api/chat-stream/${f.chatAnswer}/follow`,
    objectId: (f) => f.chatAnswer,
    allowed: own(204),
  },
  // Documents.
  {
    route: "GET /api/documents/:id",
    path: (f) => `/api/documents/${f.document}`,
    objectId: (f) => f.document,
    allowed: own(),
  },
  {
    route: "GET /api/documents/:id/chunks/:chunkId",
    path: (f) => `/api/documents/${f.document}/chunks/${f.documentChunk}`,
    objectId: (f) => f.document,
    allowed: own(),
  },
  {
    route: "POST /api/documents/:id/reindex",
    path: (f) => `/api/documents/${f.document}/reindex`,
    objectId: (f) => f.document,
    allowed: own(202),
  },
  // Knowledge bases: the author's own, and the team's, which its members read.
  {
    route: "GET /api/knowledge/collections/:id",
    path: (f) => `/api/knowledge/collections/${f.collection}`,
    objectId: (f) => f.collection,
    allowed: own(),
  },
  {
    route: "GET /api/knowledge/collections/:id",
    case: "the team's",
    path: (f) => `/api/knowledge/collections/${f.teamCollection}`,
    objectId: (f) => f.teamCollection,
    allowed: team(),
  },
  {
    route: "GET /api/knowledge/collections/:id/documents/:documentId",
    path: (f) => `/api/knowledge/collections/${f.collection}/documents/${f.collectionDocument}`,
    objectId: (f) => f.collection,
    allowed: own(),
  },
  {
    route: "POST /api/chat-stream",
    case: "answering from another's knowledge base",
    path: () => "/api/chat-stream",
    body: (f) => ({ ...CHAT, collectionIds: [f.collection] }),
    objectId: (f) => f.collection,
    allowed: own(),
  },
  {
    route: "POST /api/knowledge/collections/:id/documents",
    path: (f) => `/api/knowledge/collections/${f.collection}/documents`,
    body: () => ({ title: "Pasted", content: "Pasted notes." }),
    objectId: (f) => f.collection,
    allowed: own(201),
  },
  {
    route: "POST /api/knowledge/collections/:id/documents/upload",
    path: (f) => `/api/knowledge/collections/${f.collection}/documents/upload`,
    body: () => {
      const form = new FormData();
      form.append("file", new Blob(["Uploaded notes."], { type: "text/plain" }), "notes.txt");
      return form;
    },
    objectId: (f) => f.collection,
    allowed: own(201),
  },
  {
    // The address is never read for a refused caller; the author's read is refused as private.
    route: "POST /api/knowledge/collections/:id/documents/from-url",
    path: (f) => `/api/knowledge/collections/${f.collection}/documents/from-url`,
    body: () => ({ url: "http://127.0.0.1:9/page" }),
    objectId: (f) => f.collection,
    allowed: own(400),
  },
  {
    route: "POST /api/knowledge/collections/:id/documents/:documentId/reindex",
    path: (f) => `/api/knowledge/collections/${f.collection}/documents/${f.collectionDocument}/reindex`,
    objectId: (f) => f.collection,
    allowed: own(202),
  },
  {
    route: "DELETE /api/knowledge/collections/:id/documents/:documentId",
    path: (f) => `/api/knowledge/collections/${f.collection}/documents/${f.collectionDocument}`,
    objectId: (f) => f.collection,
    allowed: own(204),
  },
  {
    route: "PATCH /api/knowledge/collections/:id",
    path: (f) => `/api/knowledge/collections/${f.collection}`,
    body: () => ({ name: "Renamed" }),
    objectId: (f) => f.collection,
    allowed: own(),
  },
  {
    route: "DELETE /api/knowledge/collections/:id",
    path: (f) => `/api/knowledge/collections/${f.collection}`,
    objectId: (f) => f.collection,
    allowed: own(204),
  },
  // Prompts: a private one, and a public one others may read and use but not change.
  {
    route: "GET /api/prompts/:id",
    case: "private",
    path: (f) => `/api/prompts/${f.privatePrompt}`,
    objectId: (f) => f.privatePrompt,
    allowed: own(),
  },
  {
    route: "PATCH /api/prompts/:id",
    case: "private",
    path: (f) => `/api/prompts/${f.privatePrompt}`,
    body: () => ({ title: "Renamed" }),
    objectId: (f) => f.privatePrompt,
    allowed: own(),
  },
  {
    route: "POST /api/prompts/:id/use",
    case: "private",
    path: (f) => `/api/prompts/${f.privatePrompt}/use`,
    objectId: (f) => f.privatePrompt,
    allowed: own(),
  },
  {
    route: "GET /api/prompts/:id",
    case: "public",
    path: (f) => `/api/prompts/${f.publicPrompt}`,
    allowed: everyone(),
  },
  {
    route: "PATCH /api/prompts/:id",
    case: "public",
    path: (f) => `/api/prompts/${f.publicPrompt}`,
    body: () => ({ title: "Taken over" }),
    allowed: own(),
  },
  {
    route: "DELETE /api/prompts/:id",
    case: "public",
    path: (f) => `/api/prompts/${f.publicPrompt}`,
    allowed: own(204),
  },
  {
    route: "DELETE /api/prompts/:id",
    case: "private",
    path: (f) => `/api/prompts/${f.privatePrompt}`,
    objectId: (f) => f.privatePrompt,
    allowed: own(204),
  },
  // Assistants: private, public, built-in.
  {
    route: "GET /api/assistants/:id",
    case: "private",
    path: (f) => `/api/assistants/${f.privateAssistant}`,
    objectId: (f) => f.privateAssistant,
    allowed: own(),
  },
  {
    route: "GET /api/assistants/:id",
    case: "public",
    path: (f) => `/api/assistants/${f.publicAssistant}`,
    allowed: everyone(),
  },
  {
    route: "PATCH /api/assistants/:id",
    case: "private",
    path: (f) => `/api/assistants/${f.privateAssistant}`,
    body: () => ({ name: "Renamed" }),
    objectId: (f) => f.privateAssistant,
    allowed: own(),
  },
  {
    route: "PATCH /api/assistants/:id",
    case: "public",
    path: (f) => `/api/assistants/${f.publicAssistant}`,
    body: () => ({ name: "Taken over" }),
    allowed: own(),
  },
  {
    route: "PATCH /api/assistants/:id",
    case: "built-in",
    path: (f) => `/api/assistants/${f.builtInAssistant}`,
    body: () => ({ name: "Taken over" }),
    allowed: {},
  },
  {
    route: "DELETE /api/assistants/:id",
    case: "built-in",
    path: (f) => `/api/assistants/${f.builtInAssistant}`,
    allowed: {},
  },
  {
    route: "PUT /api/assistants/:id/favorite",
    case: "private",
    path: (f) => `/api/assistants/${f.privateAssistant}/favorite`,
    objectId: (f) => f.privateAssistant,
    allowed: own(),
  },
  {
    route: "DELETE /api/assistants/:id/favorite",
    case: "private",
    path: (f) => `/api/assistants/${f.privateAssistant}/favorite`,
    objectId: (f) => f.privateAssistant,
    allowed: own(),
  },
  {
    route: "DELETE /api/assistants/:id",
    case: "public",
    path: (f) => `/api/assistants/${f.publicAssistant}`,
    allowed: own(204),
  },
  {
    route: "DELETE /api/assistants/:id",
    case: "private",
    path: (f) => `/api/assistants/${f.privateAssistant}`,
    objectId: (f) => f.privateAssistant,
    allowed: own(204),
  },
  // Searches, and following one up.
  {
    route: "GET /api/searches/:id",
    path: (f) => `/api/searches/${f.search}`,
    objectId: (f) => f.search,
    allowed: own(),
  },
  {
    route: "POST /api/searches/:id/stop",
    path: (f) => `/api/searches/${f.search}/stop`,
    objectId: (f) => f.search,
    allowed: own(204),
  },
  {
    route: "POST /api/jigsaw-search",
    case: "following up another's search",
    path: () => "/api/jigsaw-search",
    body: (f) => ({ query: "and then?", parentId: f.search }),
    objectId: (f) => f.search,
    allowed: own(),
  },
  // Comparisons.
  {
    route: "GET /api/comparisons/:id",
    path: (f) => `/api/comparisons/${f.comparison}`,
    objectId: (f) => f.comparison,
    allowed: own(),
  },
  {
    route: "PUT /api/comparisons/:id/responses/:responseId/rating",
    path: (f) => `/api/comparisons/${f.comparison}/responses/${f.answer}/rating`,
    body: () => ({ rating: 4 }),
    objectId: (f) => f.comparison,
    allowed: own(),
  },
  {
    route: "POST /api/comparisons/:id/stop",
    path: (f) => `/api/comparisons/${f.comparison}/stop`,
    objectId: (f) => f.comparison,
    allowed: own(204),
  },
  {
    route: "POST /api/comparisons/:id/responses/:responseId/continue",
    path: (f) => `/api/comparisons/${f.comparison}/responses/${f.answer}/continue`,
    objectId: (f) => f.comparison,
    allowed: own(201),
  },
  // Images and voice-overs.
  {
    route: "GET /api/images/:id",
    path: (f) => `/api/images/${f.image}`,
    objectId: (f) => f.image,
    allowed: own(),
  },
  {
    route: "GET /api/voice-overs/:id",
    path: (f) => `/api/voice-overs/${f.voiceOver}`,
    objectId: (f) => f.voiceOver,
    allowed: own(),
  },
  {
    route: "GET /api/voice-overs/:id/audio",
    path: (f) => `/api/voice-overs/${f.voiceOver}/audio`,
    objectId: (f) => f.voiceOver,
    allowed: own(),
  },
  // Instance administration.
  {
    route: "GET /api/admin/usage",
    path: () => "/api/admin/usage",
    allowed: { instanceAdmin: 200, listedAdmin: 200 },
    refused: [403],
  },
  {
    route: "PUT /api/admin/plans",
    path: () => "/api/admin/plans",
    body: () => ({ email: "other@example.com", plan: "pro", validUntil: null }),
    allowed: { instanceAdmin: 200, listedAdmin: 200 },
    refused: [403],
  },
  // Admin → Connections: a test call and a model list run (and fail to reach the server) before the
  // connection is removed; the catalogue's choice is made, then taken back.
  {
    route: "PATCH /api/admin/connections/:id",
    path: (f) => `/api/admin/connections/${f.connection}`,
    body: () => ({ name: "Renamed" }),
    allowed: { instanceAdmin: 200, listedAdmin: 200 },
    refused: [403],
  },
  {
    route: "POST /api/admin/connections/:id/test",
    path: (f) => `/api/admin/connections/${f.connection}/test`,
    allowed: { instanceAdmin: 200, listedAdmin: 200 },
    refused: [403],
  },
  {
    route: "GET /api/admin/connections/:id/models",
    path: (f) => `/api/admin/connections/${f.connection}/models`,
    allowed: { instanceAdmin: 200, listedAdmin: 200 },
    refused: [403],
  },
  {
    route: "DELETE /api/admin/connections/:id",
    path: (f) => `/api/admin/connections/${f.connection}`,
    allowed: { instanceAdmin: 204, listedAdmin: 204 },
    refused: [403],
  },
  // Admin → Local models: Retry fails again at once (nothing answers), then the model is removed.
  {
    route: "POST /api/admin/local-models/:id/retry",
    path: (f) => `/api/admin/local-models/${f.localModel}/retry`,
    allowed: { instanceAdmin: 200, listedAdmin: 200 },
    refused: [403],
  },
  {
    route: "DELETE /api/admin/local-models/:id",
    path: (f) => `/api/admin/local-models/${f.localModel}`,
    allowed: { instanceAdmin: 204, listedAdmin: 204 },
    refused: [403],
  },
  {
    route: "PATCH /api/admin/models/:modelId",
    path: () => "/api/admin/models/grok-4",
    body: () => ({ enabled: false }),
    allowed: { instanceAdmin: 200, listedAdmin: 200 },
    refused: [403],
  },
  {
    route: "DELETE /api/admin/models/:modelId",
    path: () => "/api/admin/models/grok-4",
    allowed: { instanceAdmin: 204, listedAdmin: 204 },
    refused: [403],
  },
  // The admin console acts on a person: read, plan, role, sign-out, ban and unban (deleted last).
  {
    route: "GET /api/admin/users/:id",
    path: (f) => `/api/admin/users/${f.target.id}`,
    allowed: { instanceAdmin: 200, listedAdmin: 200 },
    refused: [404],
  },
  {
    route: "PUT /api/admin/users/:id/plan",
    path: (f) => `/api/admin/users/${f.target.id}/plan`,
    body: () => ({ plan: "max", validUntil: null }),
    allowed: { instanceAdmin: 200, listedAdmin: 200 },
    refused: [404],
  },
  {
    route: "PUT /api/admin/users/:id/role",
    path: (f) => `/api/admin/users/${f.target.id}/role`,
    body: () => ({ role: "admin" }),
    allowed: { instanceAdmin: 200, listedAdmin: 200 },
    refused: [404],
  },
  {
    route: "POST /api/admin/users/:id/sign-out",
    path: (f) => `/api/admin/users/${f.target.id}/sign-out`,
    allowed: { instanceAdmin: 200, listedAdmin: 200 },
    refused: [404],
  },
  {
    route: "POST /api/admin/users/:id/ban",
    path: (f) => `/api/admin/users/${f.target.id}/ban`,
    body: () => ({ reason: "Refused to everyone but admins" }),
    allowed: { instanceAdmin: 200, listedAdmin: 200 },
    refused: [404],
  },
  {
    route: "POST /api/admin/users/:id/unban",
    path: (f) => `/api/admin/users/${f.target.id}/unban`,
    allowed: { instanceAdmin: 200, listedAdmin: 200 },
    refused: [404],
  },
  {
    route: "POST /api/changelog",
    path: () => "/api/changelog",
    body: () => ({ version: "9.9.9", title: "Nine", description: "A release nobody may publish." }),
    allowed: { instanceAdmin: 200, listedAdmin: 200 },
    refused: [403],
  },
  // The team, its invitations and members.
  {
    route: "GET /api/teams/:teamId",
    path: (f) => `/api/teams/${f.team}`,
    objectId: (f) => f.team,
    allowed: team(),
  },
  // Before the PATCH below, which clears the team's domains.
  {
    route: "POST /api/teams/:teamId/domains/:domain/check",
    path: (f) => `/api/teams/${f.team}/domains/acme.test/check`,
    objectId: (f) => f.team,
    allowed: { admin: 200, owner: 200 },
  },
  {
    route: "PATCH /api/teams/:teamId",
    path: (f) => `/api/teams/${f.team}`,
    body: () => ({ name: "Acme Renamed", slug: "", allowedDomains: "" }),
    objectId: (f) => f.team,
    allowed: { owner: 200 },
  },
  {
    route: "POST /api/teams/:teamId/invitations",
    path: (f) => `/api/teams/${f.team}/invitations`,
    body: () => ({ email: "newcomer@example.com", role: "member" }),
    objectId: (f) => f.team,
    allowed: { admin: 201, owner: 201 },
  },
  {
    route: "POST /api/teams/:teamId/invitations/:invitationId/resend",
    path: (f) => `/api/teams/${f.team}/invitations/${f.invitation}/resend`,
    objectId: (f) => f.team,
    allowed: { admin: 200, owner: 200 },
  },
  {
    route: "POST /api/teams/invitations/:invitationId/accept",
    case: "an invitation sent to someone else",
    path: (f) => `/api/teams/invitations/${f.invitation}/accept`,
    allowed: {},
  },
  {
    route: "PATCH /api/teams/:teamId/members/:userId",
    path: (f) => `/api/teams/${f.team}/members/${f.users.member}`,
    body: () => ({ role: "admin" }),
    objectId: (f) => f.team,
    allowed: { owner: 204 },
  },
  {
    route: "DELETE /api/teams/:teamId/members/:userId",
    path: (f) => `/api/teams/${f.team}/members/${f.users.member}`,
    objectId: (f) => f.team,
    allowed: { admin: 204, owner: 204 },
  },
  {
    route: "POST /api/teams/:teamId/leave",
    path: (f) => `/api/teams/${f.team}/leave`,
    objectId: (f) => f.team,
    allowed: { author: 204, member: 204, admin: 204 },
  },
  // Deletions last: the writes that run afterwards still find their objects above.
  {
    route: "DELETE /api/documents/:id",
    path: (f) => `/api/documents/${f.document}`,
    objectId: (f) => f.document,
    allowed: own(204),
  },
  {
    route: "DELETE /api/searches/:id",
    path: (f) => `/api/searches/${f.search}`,
    objectId: (f) => f.search,
    allowed: own(204),
  },
  {
    route: "DELETE /api/comparisons/:id",
    path: (f) => `/api/comparisons/${f.comparison}`,
    objectId: (f) => f.comparison,
    allowed: own(204),
  },
  {
    route: "DELETE /api/images/:id",
    path: (f) => `/api/images/${f.image}`,
    objectId: (f) => f.image,
    allowed: own(204),
  },
  {
    route: "DELETE /api/voice-overs/:id",
    path: (f) => `/api/voice-overs/${f.voiceOver}`,
    objectId: (f) => f.voiceOver,
    allowed: own(204),
  },
  // The conversation library: folders, pins and share links.
  {
    route: "PATCH /api/conversations/:id/organize",
    path: (f) => `/api/conversations/${f.conversation}/organize`,
    body: () => ({ pinned: true }),
    objectId: (f) => f.conversation,
    allowed: own(),
  },
  {
    // Showing the version the branch already shows: a change of nothing, allowed to its owner only.
    route: "PATCH /api/conversations/:id/branch",
    path: (f) => `/api/conversations/${f.conversation}/branch`,
    body: (f) => ({ messageId: f.chatAnswer }),
    objectId: (f) => f.conversation,
    allowed: own(),
  },
  {
    route: "GET /api/conversations/:id/share",
    path: (f) => `/api/conversations/${f.conversation}/share`,
    objectId: (f) => f.conversation,
    allowed: own(),
  },
  {
    route: "POST /api/conversations/:id/share",
    path: (f) => `/api/conversations/${f.conversation}/share`,
    body: () => ({}),
    objectId: (f) => f.conversation,
    allowed: own(),
  },
  {
    route: "DELETE /api/conversations/:id/share",
    path: (f) => `/api/conversations/${f.conversation}/share`,
    objectId: (f) => f.conversation,
    allowed: own(204),
  },
  {
    // The token is the capability: anyone holding it reads the snapshot, signed in or not.
    route: "GET /api/shared/:token",
    path: (f) => `/api/shared/${f.shareToken}`,
    allowed: Object.fromEntries(ROLES.map((r) => [r, 200])),
  },
  {
    route: "GET /api/conversation-folders/:id/conversations",
    path: (f) => `/api/conversation-folders/${f.folder}/conversations`,
    objectId: (f) => f.folder,
    allowed: own(),
  },
  {
    route: "PATCH /api/conversation-folders/:id",
    path: (f) => `/api/conversation-folders/${f.folder}`,
    body: () => ({ name: "Renamed" }),
    objectId: (f) => f.folder,
    allowed: own(),
  },
  {
    route: "DELETE /api/conversation-folders/:id",
    path: (f) => `/api/conversation-folders/${f.folder}`,
    objectId: (f) => f.folder,
    allowed: own(204),
  },
  // Jobs (images, voice-overs) and conversation imports, followed by their owner from any process.
  {
    route: "GET /api/jobs/:id",
    path: (f) => `/api/jobs/${f.job}`,
    objectId: (f) => f.job,
    allowed: own(),
  },
  {
    route: "GET /api/jobs/:id/events",
    path: (f) => `/api/jobs/${f.job}/events`,
    objectId: (f) => f.job,
    allowed: own(),
  },
  {
    route: "GET /api/conversations/import/:jobId",
    path: (f) => `/api/conversations/import/${f.importJob}`,
    objectId: (f) => f.importJob,
    allowed: own(),
  },
  {
    route: "DELETE /api/conversations/:id",
    path: (f) => `/api/conversations/${f.conversation}`,
    objectId: (f) => f.conversation,
    allowed: own(204),
  },
  {
    route: "DELETE /api/api-keys/:id",
    path: (f) => `/api/api-keys/${f.apiKey}`,
    objectId: (f) => f.apiKey,
    allowed: own(204),
  },
  // Admin → Tools: the instance's MCP servers (404 to anyone but an instance admin), and the team's
  // (its owners'). A team's server on a private address is refused once the caller may add one.
  {
    route: "PATCH /api/admin/mcp-servers/:id",
    path: (f) => `/api/admin/mcp-servers/${f.mcpServer}`,
    body: () => ({ name: "Renamed" }),
    allowed: { instanceAdmin: 200, listedAdmin: 200 },
    refused: [404],
  },
  {
    route: "GET /api/teams/:teamId/mcp-servers",
    path: (f) => `/api/teams/${f.team}/mcp-servers`,
    objectId: (f) => f.team,
    allowed: { owner: 200 },
    refused: [403, 404],
  },
  {
    route: "POST /api/teams/:teamId/mcp-servers",
    path: (f) => `/api/teams/${f.team}/mcp-servers`,
    body: () => ({ name: "Local", transport: "streamable-http", url: "http://127.0.0.1:9/mcp" }),
    objectId: (f) => f.team,
    allowed: { owner: 400 },
  },
  {
    route: "PATCH /api/teams/:teamId/mcp-servers/:id",
    path: (f) => `/api/teams/${f.team}/mcp-servers/${f.teamMcpServer}`,
    body: () => ({ requireApproval: false }),
    objectId: (f) => f.team,
    allowed: { owner: 200 },
  },
  // Signing in to a server: only those who may use it see it (a team's, its members); this one does
  // not ask people to sign in, so they are told so (400) and nothing is stored.
  {
    route: "POST /api/mcp/servers/:id/sign-in",
    path: (f) => `/api/mcp/servers/${f.teamMcpServer}/sign-in`,
    allowed: Object.fromEntries([...TEAM].reverse().map((r) => [r, 400])),
    refused: [404],
  },
  {
    route: "DELETE /api/mcp/servers/:id/sign-in",
    path: (f) => `/api/mcp/servers/${f.teamMcpServer}/sign-in`,
    allowed: Object.fromEntries([...TEAM].reverse().map((r) => [r, 400])),
    refused: [404],
  },
  {
    route: "DELETE /api/teams/:teamId/mcp-servers/:id",
    path: (f) => `/api/teams/${f.team}/mcp-servers/${f.teamMcpServer}`,
    objectId: (f) => f.team,
    allowed: { owner: 204 },
  },
  {
    route: "DELETE /api/admin/mcp-servers/:id",
    path: (f) => `/api/admin/mcp-servers/${f.mcpServer}`,
    allowed: { instanceAdmin: 204, listedAdmin: 204 },
    refused: [404],
  },
  {
    route: "DELETE /api/admin/users/:id",
    path: (f) => `/api/admin/users/${f.target.id}`,
    body: (f) => ({ confirmEmail: f.target.email }),
    allowed: { instanceAdmin: 204, listedAdmin: 204 },
    refused: [404],
  },
];

/** Tables whose rows a refused call could touch; each is hashed before and after. */
const TABLES = [
  "user",
  "session",
  "organization",
  "member",
  "invitation",
  "team_settings",
  "profiles",
  "subscriptions",
  "conversations",
  "messages",
  "chat_images",
  "knowledge_collections",
  "documents",
  "knowledge_passages",
  "prompts",
  "assistants",
  "assistant_favorites",
  "comparisons",
  "comparison_responses",
  "searches",
  "generated_images",
  "voice_overs",
  "changelog_entries",
  "analytics_events",
  "mail_outbox",
  "connections",
  "catalogue_models",
  "local_models",
  "mcp_servers",
  "api_keys",
  "budgets",
  "instance_settings",
];

let t: TestApp;
let f: Fixtures;
const tokens: Partial<Record<Role, string>> = {};

async function snapshot() {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const result: unknown = await t.services.database.db.execute(sql.raw(`select * from "${table}"`));
    const rows = (result as { rows: Record<string, unknown>[] }).rows.map((r) => JSON.stringify(r)).sort();
    out[table] =
      `${rows.length} rows ${createHash("sha256").update(rows.join("\n")).digest("hex").slice(0, 16)}`;
  }
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else files.push(`${full}:${stat.size}`);
    }
  };
  walk(t.services.env.DATA_DIR);
  out.files = files.sort().join("\n");
  return out;
}

function call(role: Role, path: string, method: string, body?: unknown) {
  // A FormData body is an upload, sent as multipart.
  const sent = body instanceof FormData ? { body } : body === undefined ? {} : { json: body };
  return t.request(path, { method, token: tokens[role], ...sent });
}

const methodOf = (row: Row) => row.route.split(" ")[0]!;
const label = (row: Row) => `${row.route}${row.case ? ` (${row.case})` : ""}`;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: "listed@example.com" });
  // The first account is the instance admin.
  const emails: Record<Exclude<Role, "signedOut">, string> = {
    instanceAdmin: "root@example.com",
    listedAdmin: "listed@example.com",
    owner: "owner@example.com",
    admin: "admin@example.com",
    member: "member@example.com",
    author: "author@example.com",
    other: "other@example.com",
    suspended: "suspended@example.com",
  };
  const users = {} as Fixtures["users"];
  const ctx = await t.services.auth.$context;
  for (const [role, email] of Object.entries(emails) as [Exclude<Role, "signedOut">, string][]) {
    // The instance admin and the suspended account sign up and in for real; the others get their
    // account and session straight from Better Auth, which spares a password hash each.
    if (role === "instanceAdmin" || role === "suspended") {
      tokens[role] = await t.newUser(email);
    } else {
      const created = await ctx.internalAdapter.createUser(
        { email, name: role, emailVerified: true },
        { method: "admin" },
      );
      tokens[role] = (await ctx.internalAdapter.createSession(created.id, false)).token;
    }
    // Everyone may use every feature, so a refusal is about the object, never the plan.
    await t.setPlan(email, "team");
    const [row] = await t.services.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, email));
    users[role] = row!.id;
  }
  const db = t.services.database.db;
  const json = async (res: Response, status: number) => {
    expect(res.status, await res.clone().text()).toBe(status);
    return (await res.json()) as { id: string };
  };

  const { id: teamId } = await json(await call("owner", "/api/teams", "POST", { name: "Acme" }), 201);
  for (const [role, teamRole] of [
    ["admin", "admin"],
    ["member", "member"],
    ["author", "member"],
    ["suspended", "admin"],
  ] as const) {
    await db.insert(member).values({
      id: crypto.randomUUID(),
      organizationId: teamId,
      userId: users[role],
      role: teamRole,
      createdAt: new Date(),
    });
  }
  // A domain the team has proven: checking it again answers without a DNS lookup.
  await db.insert(teamDomains).values({
    organizationId: teamId,
    domain: "acme.test",
    token: "fixture",
    status: "verified",
    proof: "dns",
    verifiedAt: new Date(),
  });
  const { id: invitation } = await json(
    await call("owner", `/api/teams/${teamId}/invitations`, "POST", {
      email: "invitee@example.com",
      role: "member",
    }),
    201,
  );

  const author = users.author;
  const [conversation] = await db
    .insert(conversations)
    .values({ userId: author, title: "Private thoughts" })
    .returning();
  const [, chatAnswer] = await db
    .insert(messages)
    .values([
      { conversationId: conversation!.id, userId: author, role: "user", content: "secret question" },
      { conversationId: conversation!.id, userId: author, role: "assistant", content: "secret answer" },
    ])
    .returning({ id: messages.id });
  const [folder] = await db
    .insert(conversationFolders)
    .values({ userId: author, name: "Secret plans" })
    .returning();
  const shareToken = "S".repeat(43);
  await db.insert(conversationShares).values({
    token: shareToken,
    conversationId: conversation!.id,
    userId: author,
    snapshot: { title: "Private thoughts", shared_at: new Date().toISOString(), messages: [] },
  });
  const [job] = await db
    .insert(jobs)
    .values({
      kind: "voice-over",
      ownerId: author,
      status: "succeeded",
      progress: 100,
      finishedAt: new Date(),
    })
    .returning();
  const [importJob] = await db
    .insert(jobs)
    .values({
      kind: IMPORT_JOB,
      ownerId: author,
      status: "succeeded",
      progress: 100,
      result: { format: "tessera", imported: 0, messages: 0, skipped: [] },
      finishedAt: new Date(),
    })
    .returning();
  const [chatImage] = await db
    .insert(chatImages)
    .values({
      userId: author,
      storageKey: `chat/${crypto.randomUUID()}.png`,
      contentType: "image/png",
      bytes: 8,
    })
    .returning();
  const { id: document } = await json(
    await call("author", "/api/documents", "POST", { title: "Diary", content: "Only mine to read." }),
    201,
  );
  // Its chunk, once the indexing job has cut it (a cited passage is read by the chunk's id).
  let documentChunk: string | undefined;
  for (let tries = 0; !documentChunk && tries < 600; tries++) {
    const [row] = await db
      .select({ id: knowledgeChunks.id, state: documents.indexState })
      .from(knowledgeChunks)
      .innerJoin(documents, eq(documents.id, knowledgeChunks.documentId))
      .where(eq(knowledgeChunks.documentId, document));
    if (row?.state === "ready") documentChunk = row.id;
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!documentChunk) throw new Error("the author's document was never indexed");
  const { id: collection } = await json(
    await call("author", "/api/knowledge/collections", "POST", { name: "Private notes" }),
    201,
  );
  const { id: collectionDocument } = await json(
    await call("author", `/api/knowledge/collections/${collection}/documents`, "POST", {
      title: "Journal",
      content: "Only mine and my collection's.",
    }),
    201,
  );
  const { id: teamCollection } = await json(
    await call("owner", "/api/knowledge/collections", "POST", { name: "Team notes", teamId }),
    201,
  );
  const prompt = (isPublic: boolean) => ({
    title: isPublic ? "Shared prompt" : "Private prompt",
    content: "Write it well.",
    category: "writing",
    isPublic,
  });
  const { id: privatePrompt } = await json(await call("author", "/api/prompts", "POST", prompt(false)), 201);
  const { id: publicPrompt } = await json(await call("author", "/api/prompts", "POST", prompt(true)), 201);
  const assistant = (isPublic: boolean) => ({
    userId: author,
    name: isPublic ? "Public helper" : "Private helper",
    systemPrompt: "Be helpful.",
    knowledgeBase: { documents: [], websites: [], instructions: "" },
    settings: {
      model: "tessera-local",
      temperature: 0.7,
      maxTokens: 1000,
      personality: "friendly" as const,
      responseStyle: "conversational" as const,
      language: "en",
    },
    isPublic,
  });
  const [privateAssistant] = await db.insert(assistants).values(assistant(false)).returning();
  const [publicAssistant] = await db.insert(assistants).values(assistant(true)).returning();
  const [builtIn] = await db.select().from(assistants).where(isNotNull(assistants.sourceKey)).limit(1);
  const [search] = await db
    .insert(searches)
    .values({
      userId: author,
      query: "private query",
      provider: "workspace",
      status: "complete",
      overview: "x",
    })
    .returning();
  const [comparison] = await db
    .insert(comparisons)
    .values({ userId: author, prompt: "Which is better?", models: ["tessera-local", "tessera-local"] })
    .returning();
  const [answer, pendingAnswer] = await db
    .insert(comparisonResponses)
    .values([
      {
        comparisonId: comparison!.id,
        position: 0,
        modelId: "tessera-local",
        content: "A",
        status: "complete",
      },
      {
        comparisonId: comparison!.id,
        position: 1,
        modelId: "tessera-local",
        status: "pending",
      },
    ])
    .returning();
  const imageKey = `images/${crypto.randomUUID()}.png`;
  await t.services.storage.put(imageKey, new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), "image/png");
  const [image] = await db
    .insert(generatedImages)
    .values({
      userId: author,
      prompt: "a fox",
      status: "completed",
      storageKey: imageKey,
      contentType: "image/png",
    })
    .returning();
  const voiceKey = `voice-overs/${crypto.randomUUID()}.mp3`;
  const mp3 = new Uint8Array([0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0]);
  await t.services.storage.put(voiceKey, mp3, "audio/mpeg");
  const [voiceOver] = await db
    .insert(voiceOvers)
    .values({
      userId: author,
      text: "private words",
      voice: "alloy",
      fileName: "private.mp3",
      provider: "espeak-ng",
      storageKey: voiceKey,
      durationMs: 100,
      bytes: mp3.length,
    })
    .returning();

  const [connection] = await db
    .insert(connections)
    .values({ kind: "openai-compatible", name: "Nobody home", baseUrl: "http://127.0.0.1:9/v1" })
    .returning();

  const [localModel] = await db
    .insert(localModels)
    .values({
      name: "unreachable",
      source: "url",
      url: "http://127.0.0.1:9/unreachable.gguf",
      file: "unreachable.gguf",
      status: "failed",
      error: "The download stopped.",
    })
    .returning();

  const target = await ctx.internalAdapter.createUser(
    { email: "target@example.com", name: "Target", emailVerified: true },
    { method: "admin" },
  );
  await ctx.internalAdapter.createSession(target.id, false);

  const [mcpServer, teamMcpServer] = await db
    .insert(mcpServers)
    .values([
      { name: "Nobody home", scope: "instance", transport: "streamable-http", url: "http://127.0.0.1:9/mcp" },
      {
        name: "Team nobody",
        scope: "team",
        teamId,
        transport: "streamable-http",
        url: "http://127.0.0.1:9/mcp",
      },
    ])
    .returning();

  const { start, hash } = newApiKey();
  const [apiKey] = await db
    .insert(apiKeys)
    .values({ userId: author, name: "scripts", start, hash })
    .returning();

  f = {
    target: { id: target.id, email: target.email },
    connection: connection!.id,
    mcpServer: mcpServer!.id,
    teamMcpServer: teamMcpServer!.id,
    apiKey: apiKey!.id,
    localModel: localModel!.id,
    users,
    files: [imageKey, voiceKey],
    team: teamId,
    invitation,
    conversation: conversation!.id,
    chatAnswer: chatAnswer!.id,
    folder: folder!.id,
    shareToken,
    job: job!.id,
    importJob: importJob!.id,
    chatImage: chatImage!.id,
    document,
    documentChunk,
    collection,
    collectionDocument,
    teamCollection,
    privatePrompt,
    publicPrompt,
    privateAssistant: privateAssistant!.id,
    publicAssistant: publicAssistant!.id,
    builtInAssistant: builtIn!.id,
    search: search!.id,
    comparison: comparison!.id,
    answer: answer!.id,
    pendingAnswer: pendingAnswer!.id,
    image: image!.id,
    voiceOver: voiceOver!.id,
  };

  // Suspended through Better Auth's admin plugin by the instance admin.
  const ban = await call("instanceAdmin", "/api/auth/admin/ban-user", "POST", {
    userId: users.suspended,
    banReason: "abuse",
  });
  expect(ban.status, await ban.clone().text()).toBe(200);
});
afterAll(() => t.close());

describe("role matrix", () => {
  it("has a row for every route that takes an id", () => {
    const covered = new Set(ROWS.map((r) => r.route));
    const idRoutes = Object.keys(ROUTE_AUTH).filter((key) => key.includes("/:"));
    expect(idRoutes.filter((key) => !covered.has(key))).toEqual([]);
    for (const row of ROWS) expect(ROUTE_AUTH, row.route).toHaveProperty([row.route]);
  });

  let before: Record<string, string>;
  let refusals = 0;

  it("takes a snapshot of every table and stored file", async () => {
    before = await snapshot();
    expect(before.conversations).toMatch(/^[1-9]/);
    // Stored files are served to whoever holds the address (rule "public": the key is the secret).
    for (const key of f.files)
      expect((await call("signedOut", `/files/${key}`, "GET")).status, key).toBe(200);
  });

  it.each(ROWS.map((row) => [label(row), row] as const))("%s", async (_label, row) => {
    const method = methodOf(row);
    const path = row.path(f);
    const body = row.body?.(f);
    const refused = row.refused ?? (method === "GET" ? [404] : [403, 404]);
    const wrong: string[] = [];
    for (const role of ROLES) {
      const allowedStatus = row.allowed[role];
      // Writes that are allowed run later, in order, so that the refusals meet the objects intact.
      if (allowedStatus !== undefined && method !== "GET") continue;
      const res = await call(role, path, method, body);
      const text = await res.text();
      // A public route (a share link's token) names the signed out and the suspended among its allowed.
      const expected =
        (role === "signedOut" || role === "suspended") && allowedStatus === undefined
          ? [401]
          : allowedStatus !== undefined
            ? [allowedStatus]
            : refused;
      if (!expected.includes(res.status)) {
        wrong.push(`${role}: ${res.status} (expected ${expected.join(" or ")}) ${text.slice(0, 160)}`);
        continue;
      }
      if (res.status >= 400) {
        refusals++;
        const error = (JSON.parse(text) as { error: { code: string; message: string; requestId: string } })
          .error;
        expect(error.requestId, `${role} gets the error shape`).toEqual(expect.any(String));
        // Someone else's object and no object at all are told apart by nothing.
        if (res.status === 404 && row.objectId) {
          const id = row.objectId(f);
          const missingId = crypto.randomUUID();
          const missing = await call(
            role,
            path.replaceAll(id, missingId),
            method,
            body === undefined ? undefined : JSON.parse(JSON.stringify(body).replaceAll(id, missingId)),
          );
          const missingError = ((await missing.json()) as { error: { code: string; message: string } }).error;
          if (
            missing.status !== 404 ||
            missingError.message !== error.message ||
            missingError.code !== error.code
          )
            wrong.push(
              `${role}: 404 "${error.message}" but a missing id answers ${missing.status} "${missingError.message}"`,
            );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("changed nothing in the database or the stored files", async () => {
    expect(refusals).toBeGreaterThan(ROWS.length * 4);
    expect(await snapshot()).toEqual(before);
  });

  it("lets the rightful caller make each write that was refused to the others", async () => {
    const wrong: string[] = [];
    for (const row of ROWS) {
      const method = methodOf(row);
      const first = Object.entries(row.allowed)[0] as [Role, number] | undefined;
      if (method === "GET" || !first) continue;
      const [role, status] = first;
      const res = await call(role, row.path(f), method, row.body?.(f));
      // Streams are read to their end, so each answer is stored before the next call.
      const text = await res.text();
      if (res.status !== status) wrong.push(`${label(row)} by ${role}: ${res.status} ${text.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
    // Deleting the image and the voice-over took their stored files with them.
    for (const key of f.files)
      expect((await call("signedOut", `/files/${key}`, "GET")).status, key).toBe(404);
  });
});

describe("a suspended account", () => {
  it("cannot sign in again, and its old session is gone", async () => {
    const session = await call("suspended", "/api/auth/get-session", "GET");
    expect(await session.json()).toBeNull();
    const res = await t.signIn("suspended@example.com");
    expect(res.status).toBe(403);
    expect(res.headers.get("set-auth-token")).toBeNull();
  });

  it("is refused with a token it still holds when the ban was set without ending its sessions", async () => {
    const token = await t.newUser("quiet-ban@example.com");
    expect((await t.request("/api/profile", { token })).status).toBe(200);
    await t.services.database.db
      .update(user)
      .set({ banned: true })
      .where(eq(user.email, "quiet-ban@example.com"));
    // Set straight in the database, as another process would: the session cache hears of it through
    // the database's notice, on PostgreSQL a moment after the commit.
    const status = async (path: string) => (await t.request(path, { token })).status;
    await expect.poll(() => status("/api/profile"), { timeout: 2_000, interval: 10 }).toBe(401);
    for (const path of ["/api/conversations", "/api/subscription"])
      expect(await status(path), path).toBe(401);
    // A ban that has run out lets them back in.
    await t.services.database.db
      .update(user)
      .set({ banExpires: new Date(Date.now() - 60_000) })
      .where(eq(user.email, "quiet-ban@example.com"));
    await expect.poll(() => status("/api/profile"), { timeout: 2_000, interval: 10 }).toBe(200);
  });
});

describe("Better Auth's organization and update-user endpoints", () => {
  it("are closed, however the address is written, so teams change only by the rules of /api/teams", async () => {
    const before = await snapshot();
    const attempts: [string, string, unknown][] = [
      ["POST", "/api/auth/organization/create", { name: "Sneaky", slug: "sneaky" }],
      ["POST", "/api/auth//organization/create", { name: "Sneaky", slug: "sneaky-2" }],
      ["POST", "/api/auth/Organization/create", { name: "Sneaky", slug: "sneaky-3" }],
      ["POST", "/api/auth/%6Frganization/create", { name: "Sneaky", slug: "sneaky-4" }],
      ["GET", "/api/auth/organization/list", undefined],
      [
        "POST",
        "/api/auth/organization/update-member-role",
        { organizationId: f.team, memberId: f.users.owner, role: "member" },
      ],
      ["POST", "/api/auth/organization/leave", { organizationId: f.team }],
      // The name and picture change only through /api/profile, within its limits.
      ["POST", "/api/auth/update-user", { name: "x".repeat(5_000), image: "https://tracker.example/p.gif" }],
    ];
    for (const role of ["other", "admin", "owner"] as const) {
      for (const [method, path, body] of attempts) {
        const res = await call(role, path, method, body);
        expect(res.status, `${role} ${method} ${path}`).toBe(404);
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});
