// Who may call each mounted route, declared once. app.ts checks at start-up that every route it
// mounts has a rule (and logs any that do not), the OpenAPI document publishes each operation's rule,
// and the route-inventory test fails on a route without a rule or a rule without a route.
import type { Hono } from "hono";

export const ROUTE_RULES = {
  /** Anyone, signed in or not. */
  public: "anyone, without a session",
  /** Stripe, proven by the Stripe-Signature header. */
  signature: "Stripe, by the Stripe-Signature header",
  /** Better Auth's own handler decides (its session, admin and organization checks). */
  "better-auth": "Better Auth's own checks",
  /** Runs before the handlers of its path (request id, logs, limits, the session check). */
  middleware: "middleware of every route below it",
  /**
   * Signed in, or holding an address the server signed (exp and sig in the query, good for about an
   * hour): an <img> cannot send a bearer token. Without a signature it is a session route.
   */
  "signed-url": "signed in, or an address this server signed (exp and sig in the query)",
  /** Signed in; acts only on the caller's own data. */
  session: "signed in; the caller's own data",
  /** Signed in; the id names the caller's own object (or a public one to read). Another's is 404. */
  owner: "signed in; the caller's own object, another's is 404",
  /** Signed in and a member of the team in the path (non-members 404). */
  "team:member": "a member of the team",
  /** Signed in and an admin or owner of the team in the path (non-members 404, members 403). */
  "team:admin": "an admin or owner of the team",
  /** Signed in and an owner of the team in the path (non-members 404, others 403). */
  "team:owner": "an owner of the team",
  /** Signed in with the address the invitation was sent to. */
  invitee: "signed in with the invited address",
  /** A personal API key (`Authorization: Bearer tsr_…`) of a person whose plan grants API access. */
  "api-key": "a personal API key (Bearer tsr_…)",
  /**
   * The instance admin (the first account, or role admin) or an address in ADMIN_EMAILS. To others the
   * admin console (people, budgets, settings, sign-in, audit log) answers 404; the older admin pages 403.
   */
  "instance-admin": "an administrator of this instance",
  /** Prometheus: METRICS_TOKEN as a bearer when set; else this host only (or its own METRICS_PORT). */
  metrics: "METRICS_TOKEN as a bearer token; without it, callers on this host only",
} as const;

export type RouteRule = keyof typeof ROUTE_RULES;

/** Rules that need `Authorization: Bearer <token>` of a live, unbanned session. */
export const needsSession = (rule: RouteRule) =>
  rule !== "public" &&
  rule !== "signature" &&
  rule !== "better-auth" &&
  rule !== "middleware" &&
  rule !== "metrics" &&
  rule !== "api-key";

/** "METHOD /path" as Hono lists it in `app.routes` → its rule. */
export const ROUTE_AUTH: Record<string, RouteRule> = {
  "ALL /*": "middleware",
  "ALL /api/*": "middleware",
  // The built web app, when served: static files and the SPA shell.
  "ALL /assets/*": "middleware",
  "ALL /service-worker.js": "middleware",
  "GET /*": "public",

  "GET /api/health": "public",
  "GET /api/health/live": "public",
  "GET /api/health/ready": "public",
  "GET /metrics": "metrics",
  "POST /api/billing/webhook": "signature",
  "GET /api/public/config": "public",
  "GET /api/public/help": "public",
  "GET /api/openapi.json": "public",
  "GET /api/docs": "public",
  "GET /api/auth/*": "better-auth",
  "POST /api/auth/*": "better-auth",
  "GET /.well-known/jwks.json": "public",
  // Stored files: the key holds an unguessable random part, so the address is the capability.
  "GET /files/*": "public",

  "GET /api/documents": "session",
  "POST /api/documents": "session",
  "POST /api/documents/upload": "session",
  "POST /api/documents/from-url": "session",
  "GET /api/documents/:id": "owner",
  "GET /api/documents/:id/chunks/:chunkId": "owner",
  "DELETE /api/documents/:id": "owner",
  "POST /api/documents/:id/reindex": "owner",
  "POST /api/knowledge/search": "session",
  "GET /api/knowledge/collections": "session",
  "POST /api/knowledge/collections": "session",
  "GET /api/knowledge/collections/:id": "owner",
  "PATCH /api/knowledge/collections/:id": "owner",
  "DELETE /api/knowledge/collections/:id": "owner",
  "POST /api/knowledge/collections/:id/documents": "owner",
  "POST /api/knowledge/collections/:id/documents/upload": "owner",
  "POST /api/knowledge/collections/:id/documents/from-url": "owner",
  "GET /api/knowledge/collections/:id/documents/:documentId": "owner",
  "POST /api/knowledge/collections/:id/documents/:documentId/reindex": "owner",
  "DELETE /api/knowledge/collections/:id/documents/:documentId": "owner",

  "GET /api/api-keys": "session",
  "POST /api/api-keys": "session",
  "DELETE /api/api-keys/:id": "owner",

  "GET /v1/models": "api-key",
  "POST /v1/chat/completions": "api-key",
  "ALL /v1/*": "middleware",

  "GET /api/prompts": "session",
  "POST /api/prompts": "session",
  "GET /api/prompts/:id": "owner",
  "PATCH /api/prompts/:id": "owner",
  "DELETE /api/prompts/:id": "owner",
  "POST /api/prompts/:id/use": "owner",

  "GET /api/subscription": "session",
  "POST /api/check-subscription": "session",
  "POST /api/check-team-access": "session",
  "POST /api/billing/trial": "session",
  "POST /api/billing/checkout": "session",
  "POST /api/billing/portal": "session",
  "PUT /api/admin/plans": "instance-admin",

  "GET /api/image-proxy": "signed-url",

  "GET /api/assistants": "session",
  "POST /api/assistants": "session",
  "GET /api/assistants/:id": "owner",
  "PATCH /api/assistants/:id": "owner",
  "DELETE /api/assistants/:id": "owner",
  "PUT /api/assistants/:id/favorite": "owner",
  "DELETE /api/assistants/:id/favorite": "owner",

  "POST /api/track-event": "session",
  "GET /api/admin/usage": "instance-admin",
  "GET /api/admin/mail": "instance-admin",
  // Admin → Audit log: the page's reads and its CSV export; 404 to everyone else.
  "GET /api/admin/audit": "instance-admin",
  "GET /api/admin/audit.csv": "instance-admin",
  "GET /api/admin/metrics": "instance-admin",
  "GET /api/admin/local-models": "instance-admin",
  "POST /api/admin/local-models": "instance-admin",
  "DELETE /api/admin/local-models/:id": "instance-admin",
  "POST /api/admin/local-models/:id/retry": "instance-admin",
  // Admin → Connections: providers and their keys (never read back), tests, model lists, the catalogue.
  "GET /api/admin/connections": "instance-admin",
  "POST /api/admin/connections": "instance-admin",
  "PATCH /api/admin/connections/:id": "instance-admin",
  "DELETE /api/admin/connections/:id": "instance-admin",
  // Admin → Connections → Embedding model: the choice, its re-embedding's progress, a test sentence.
  "GET /api/admin/embeddings": "instance-admin",
  "PUT /api/admin/embeddings": "instance-admin",
  "POST /api/admin/embeddings/test": "instance-admin",
  // Admin → Tools: the instance's MCP servers.
  "GET /api/admin/mcp-servers": "instance-admin",
  "POST /api/admin/mcp-servers": "instance-admin",
  "PATCH /api/admin/mcp-servers/:id": "instance-admin",
  "DELETE /api/admin/mcp-servers/:id": "instance-admin",
  "POST /api/admin/connections/:id/test": "instance-admin",
  "GET /api/admin/connections/:id/models": "instance-admin",
  "GET /api/admin/models": "instance-admin",
  "POST /api/admin/models": "instance-admin",
  "PATCH /api/admin/models/:modelId": "instance-admin",
  "DELETE /api/admin/models/:modelId": "instance-admin",
  // The admin console: people, their budgets, the instance's settings.
  "GET /api/admin/users": "instance-admin",
  "GET /api/admin/users/:id": "instance-admin",
  "POST /api/admin/users/:id/ban": "instance-admin",
  "POST /api/admin/users/:id/unban": "instance-admin",
  "POST /api/admin/users/:id/sign-out": "instance-admin",
  "PUT /api/admin/users/:id/role": "instance-admin",
  "PUT /api/admin/users/:id/plan": "instance-admin",
  "DELETE /api/admin/users/:id": "instance-admin",
  "GET /api/admin/budgets": "instance-admin",
  "PUT /api/admin/budgets": "instance-admin",
  "DELETE /api/admin/budgets": "instance-admin",
  "GET /api/admin/settings": "instance-admin",
  "PATCH /api/admin/settings": "instance-admin",
  // Admin → Sign-in: company sign-in (OpenID Connect); the client secret is never read back.
  "GET /api/admin/sso": "instance-admin",
  "PUT /api/admin/sso": "instance-admin",
  "DELETE /api/admin/sso": "instance-admin",
  "GET /api/changelog": "session",
  "POST /api/changelog": "instance-admin",
  "GET /api/dashboard/metrics": "session",

  "GET /api/teams/mine": "session",
  "POST /api/teams": "session",
  "POST /api/teams/invitations/:invitationId/accept": "invitee",
  "GET /api/teams/:teamId": "team:member",
  // The owner changes name and slug; an admin only the allowed domains.
  "PATCH /api/teams/:teamId": "team:admin",
  // Proves a claimed mail domain (DNS TXT record, or the checker's own confirmed address there).
  "POST /api/teams/:teamId/domains/:domain/check": "team:admin",
  "POST /api/teams/:teamId/invitations": "team:admin",
  "POST /api/teams/:teamId/invitations/:invitationId/resend": "team:admin",
  "DELETE /api/teams/:teamId/members/:userId": "team:admin",
  "PATCH /api/teams/:teamId/members/:userId": "team:owner",
  "POST /api/teams/:teamId/leave": "team:member",
  // A team's own MCP servers (remote, public addresses only).
  "GET /api/teams/:teamId/mcp-servers": "team:owner",
  "POST /api/teams/:teamId/mcp-servers": "team:owner",
  "PATCH /api/teams/:teamId/mcp-servers/:id": "team:owner",
  "DELETE /api/teams/:teamId/mcp-servers/:id": "team:owner",
  // The tools a person may use now (built in, the instance's and their team's MCP servers).
  "GET /api/tools": "session",
  // Signing in to MCP servers that ask each person to (OAuth): the state is bound to the session.
  "GET /api/mcp/sign-ins": "session",
  "POST /api/mcp/servers/:id/sign-in": "owner",
  "DELETE /api/mcp/servers/:id/sign-in": "owner",
  // The sign-in's end: no bearer (a page load); its one-time state and the browser's cookie decide.
  "GET /api/mcp/oauth/callback": "public",
  "GET /api/mcp/oauth/done.js": "public",

  "GET /api/image-models": "session",
  "POST /api/image-generation": "session",
  "GET /api/images": "session",
  "GET /api/images/:id": "owner",
  "DELETE /api/images/:id": "owner",

  "GET /api/voices": "session",
  "POST /api/text-to-voice": "session",
  "GET /api/voice-overs": "session",
  "GET /api/voice-overs/:id": "owner",
  "GET /api/voice-overs/:id/audio": "owner",
  "GET /api/jobs/:id": "owner",
  "GET /api/jobs/:id/events": "owner",
  "DELETE /api/voice-overs/:id": "owner",

  "GET /api/transcribe-audio/status": "session",
  "POST /api/transcribe-audio": "session",
  "GET /api/profile": "session",
  "PATCH /api/profile": "session",

  "POST /api/jigsaw-search": "session",
  "POST /api/ai-search": "session",
  "GET /api/searches": "session",
  "GET /api/searches/:id": "owner",
  "POST /api/searches/:id/stop": "owner",
  "DELETE /api/searches/:id": "owner",

  "GET /api/comparisons": "session",
  "POST /api/comparisons": "session",
  "GET /api/comparisons/leaderboard": "session",
  "GET /api/comparisons/:id": "owner",
  "DELETE /api/comparisons/:id": "owner",
  "PUT /api/comparisons/:id/responses/:responseId/rating": "owner",
  "POST /api/comparisons/:id/stop": "owner",
  "POST /api/comparisons/:id/responses/:responseId/continue": "owner",

  // Any conversation, assistant or comparison named in the body must be the caller's (else 404).
  "POST /api/chat-stream": "session",
  // The answer it names must be the caller's (else 404).
  "POST /api/chat-stream/regenerate": "session",
  "POST /api/chat-stream/stop": "session",
  "POST /api/chat-stream/tool-approval": "session",
  "GET /api/chat-stream/:messageId/follow": "owner",
  "GET /api/models": "session",
  "POST /api/chat-images": "session",
  "POST /api/attachments/extract": "session",
  "GET /api/conversations": "session",
  "GET /api/conversations/export": "session",
  "POST /api/conversations/import": "session",
  "GET /api/conversations/import/:jobId": "owner",
  "GET /api/conversations/:id": "owner",
  "GET /api/conversations/:id/messages": "owner",
  "GET /api/conversations/:id/messages/:messageId/earlier": "owner",
  "PATCH /api/conversations/:id/branch": "owner",
  "GET /api/conversations/:id/export": "owner",
  "PATCH /api/conversations/:id": "owner",
  "DELETE /api/conversations/:id": "owner",
  // The conversation library (features/conversations): search, folders, pins, share links.
  "GET /api/conversations/search": "session",
  "PATCH /api/conversations/:id/organize": "owner",
  "GET /api/conversations/:id/share": "owner",
  "POST /api/conversations/:id/share": "owner",
  "DELETE /api/conversations/:id/share": "owner",
  "GET /api/shares": "session",
  "GET /api/conversation-folders": "session",
  "POST /api/conversation-folders": "session",
  "PATCH /api/conversation-folders/:id": "owner",
  "DELETE /api/conversation-folders/:id": "owner",
  "GET /api/conversation-folders/:id/conversations": "owner",
  // A share link's snapshot: the long random token is the capability.
  "GET /api/shared/:token": "public",
  "ALL /api/shared/*": "middleware",
};

/** The "METHOD /path" keys of the routes an app mounts, each once, in mounting order. */
export function mountedRoutes(app: Pick<Hono, "routes">): string[] {
  return [...new Set(app.routes.map((r) => `${r.method} ${r.path}`))];
}

/** Mounted routes without a declared rule. */
export const undeclaredRoutes = (app: Pick<Hono, "routes">) =>
  mountedRoutes(app).filter((key) => !Object.hasOwn(ROUTE_AUTH, key));

/** The rule of an OpenAPI-style operation (`get`, `/api/documents/{id}`). */
export function ruleOf(method: string, path: string): RouteRule | undefined {
  return ROUTE_AUTH[`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`];
}
