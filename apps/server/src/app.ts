// Mounts every route and the one error handler. Routes are thin; features own their logic.
import { serveStatic } from "@hono/node-server/serve-static";
import { SEARCH_MESSAGES } from "@tessera/contracts";
import { sql } from "drizzle-orm";
import { Hono, type MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { auditRoutes } from "./audit/audit-routes";
import { callAuth } from "./auth/auth-calls";
import { clientIp } from "./auth/client-ip";
import { authRoutes } from "./auth/auth-routes";
import type { BearerSession } from "./auth/bearer-session";
import { requireSession } from "./auth/require-session";
import { createSessionCache, SESSION_CHANNEL } from "./auth/session-cache";
import { isConnectionTimeout } from "./db/client";
import type { Services } from "./bootstrap";
import { healthRoutes } from "./features/health/health-routes";
import { metricsRoutes } from "./features/health/metrics-routes";
import { metricsEndpoint } from "./features/health/prometheus-routes";
import { localModelsRoutes } from "./features/local-models/local-models-routes";
import { imagesRoutes } from "./features/images/images-routes";
import { jobsRoutes } from "./jobs/jobs-routes";
import { transcribeRoutes } from "./features/transcribe/transcribe-routes";
import { voiceRoutes } from "./features/voice/voice-routes";
import { analyticsRoutes } from "./features/analytics/analytics-routes";
import { adminRoutes } from "./features/admin/admin-routes";
import { ssoRoutes } from "./features/sso/sso-routes";
import { ssoButton } from "./features/sso/sso-view";
import { signUpRefusal } from "./settings/sign-up-policy";
import { mailRoutes } from "./features/mail/mail-routes";
import { changelogRoutes } from "./features/changelog/changelog-routes";
import { embeddingsRoutes } from "./features/connections/embeddings-routes";
import { connectionsRoutes } from "./features/connections/connections-routes";
import { PROBE_DEFAULTS, probeConnection } from "./features/connections/probe-connection";
import { assistantsRoutes } from "./features/assistants/assistants-routes";
import { billingRoutes, stripeWebhookRoute } from "./features/billing/billing-routes";
import { chatRoutes } from "./features/chat/chat-routes";
import { mcpOAuthCallbackRoutes, toolsRoutesOf } from "./features/tools/tools-routes";
import { resolveTools, toolDepsOf } from "./tools/registry";
import { importRoutes } from "./features/import/import-routes";
import { conversationLibraryRoutes } from "./features/conversations/conversations-routes";
import { NOINDEX, sharedRoutes } from "./features/conversations/shared-routes";
import { compareRoutes, comparisonStream } from "./features/compare/compare-routes";
import { dashboardRoutes } from "./features/dashboard/dashboard-routes";
import { documentsRoutes } from "./features/documents/documents-routes";
import { knowledgeRoutes } from "./features/knowledge/knowledge-routes";
import { collectionsRoutes } from "./features/documents/collections-routes";
import { openapiRoutes } from "./features/openapi/openapi-routes";
import { promptsRoutes } from "./features/prompts/prompts-routes";
import { apiKeysRoutes } from "./features/api-keys/api-keys-routes";
import { v1Routes } from "./features/openai-api/v1-routes";
import { searchRoutes } from "./features/search/search-routes";
import { teamsRoutes } from "./features/teams/teams-routes";
import { profileRoutes } from "./features/profile/profile-routes";
import { AVATAR_MAX_BYTES } from "./features/profile/update-profile";
import { publicConfigRoutes } from "./features/public-config/public-config-routes";
import type { AppEnv } from "./lib/context";
import { bodyLimit } from "./lib/body-limit";
import { AppError, errorBody } from "./lib/errors";
import { requestLanguage } from "./i18n/request-language";
import { pickLanguage, translateError } from "./i18n/server-text";
import { guardedFetch } from "./lib/guarded-fetch";
import { loadWebBuild, pickEncoding, type WebBuild } from "./lib/web-build";
import { imageProxyRoutes } from "./features/image-proxy/image-proxy-routes";
import { securityHeaders } from "./lib/security-headers";
import { createTxtLookup } from "./providers/dns/txt-records";
import { contentTypeOf, isServedKey } from "./providers/storage/storage";
import { undeclaredRoutes } from "./route-rules";
import { sseHandOff } from "./lib/sse-response";

/** The status logged for a request whose client hung up before its answer (nobody receives it). */
export const CLIENT_LEFT = 499;
const SEARCH_PATHS = new Set(["/api/jigsaw-search", "/api/ai-search"]);
const UPLOAD_PATHS = new Set([
  "/api/chat-images",
  "/api/attachments/extract",
  "/api/documents/upload",
  "/api/transcribe-audio",
  "/api/conversations/import",
]);
/** An upload into a knowledge base: /api/knowledge/collections/<id>/documents/upload. */
const COLLECTION_UPLOAD = /^\/api\/knowledge\/collections\/[^/]+\/documents\/upload$/;

export function createApp(
  services: Services,
  /** `tracing`: the server span of each request (observability/tracing.ts), when traces are on. */
  options: {
    webDist?: string | null;
    tracing?: { outer: MiddlewareHandler<AppEnv>; inner: MiddlewareHandler<AppEnv> } | null;
  } = {},
) {
  const { auth, database, logger, env } = services;
  const app = new Hono<AppEnv>();

  if (options.tracing) app.use(options.tracing.outer);
  // Outermost, so that a direct event stream goes out with the headers every other middleware set;
  // every event stream is under /api.
  app.use("/api/*", sseHandOff());
  app.use(requestId({ headerName: "X-Request-Id", limitLength: 64 }));
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    services.metrics.observeRequest(c, (performance.now() - started) / 1000);
  });
  app.use(async (c, next) => {
    const started = performance.now();
    c.set("logger", logger.child({ requestId: c.get("requestId") }));
    await next();
    c.get("logger").info(
      {
        event: "http.request",
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });
  if (options.tracing) app.use(options.tracing.inner);
  app.use(securityHeaders());
  // Read once per request, for the audit log's "from which address".
  app.use((c, next) => {
    c.set("clientIp", clientIp(c, env.TRUSTED_PROXY_HEADER));
    return next();
  });
  const jsonBodyLimit = bodyLimit(
    env.BODY_LIMIT_BYTES,
    `The request body is larger than ${env.BODY_LIMIT_BYTES} bytes.`,
  );
  // File uploads carry their own, larger limit on their routes.
  const isUpload = (path: string) => UPLOAD_PATHS.has(path) || COLLECTION_UPLOAD.test(path);
  // eslint-disable-next-line @typescript-eslint/no-unsafe-argument -- Hono types a wildcard route's input as any
  app.use("/api/*", (c, next) => (isUpload(c.req.path) ? next() : jsonBodyLimit(c, next)));
  app.use("/api/*", async (c, next) => {
    await next();
    // Only the image proxy's answers may be kept, and it says so itself.
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
  });

  app.route(
    "/api/health",
    healthRoutes(database, services.limiter, {
      redisUrl: env.REDIS_URL,
      embedderHealth: services.knowledge.health,
    }),
  );
  // With METRICS_PORT, main.ts serves /metrics on that port and this listener has none.
  if (env.METRICS_PORT === undefined) app.route("/metrics", metricsEndpoint(services, { ownPort: false }));
  // Stripe authenticates its calls with a signature, not a session.
  app.route("/api/billing/webhook", stripeWebhookRoute({ db: database.db, stripe: services.stripe, logger }));
  app.route(
    "/api/public",
    publicConfigRoutes(
      {
        socialProviders: services.socialProviders,
        billing: {
          mode: env.BILLING,
          checkout: env.BILLING === "on" && services.stripe !== null,
          salesEmail: env.SALES_EMAIL,
        },
      },
      () => ({
        webSearch: services.search.id !== "local",
        mailConfigured: services.connections.smtp() !== null,
        instanceName: services.settings.current().instanceName,
        registration: services.settings.current().registration,
        sso: ssoButton(services.sso.live),
      }),
    ),
  );
  app.route("/api", openapiRoutes());
  // The sessions behind recent bearer tokens, dropped as the database announces their changes. Until
  // the listener is up (or while it is down) nothing is kept and every call reads its session.
  const sessions = createSessionCache<BearerSession>({
    send: (payload) => database.db.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${payload})`),
    onUnheard: () =>
      logger.warn(
        { event: "auth.session_cache.unheard" },
        "session cache off: the database's notices do not come back (a pooler in transaction mode?)",
      ),
  });
  database
    .listen(SESSION_CHANNEL, sessions)
    .catch((err: unknown) =>
      logger.warn({ event: "auth.session_cache.off", err: String(err) }, "session cache off"),
    );
  app.route(
    "/api/auth",
    authRoutes({
      auth,
      db: database.db,
      // A sign-out, revocation or ban made here is heard back before it answers.
      settleSessions: () => sessions.settle(),
      limiter: services.limiter,
      trustedProxyHeader: env.TRUSTED_PROXY_HEADER,
      signInAttemptsPerAccount: env.RATE_LIMIT_SIGN_IN_ACCOUNT,
      publicUrl: env.PUBLIC_URL,
      signUpRefusal: (email) => signUpRefusal(database.db, services.settings.current(), email),
    }),
  );
  app.get("/.well-known/jwks.json", (c) =>
    callAuth(() =>
      auth.handler(new Request(new URL("/api/auth/jwks", env.PUBLIC_URL), { headers: c.req.raw.headers })),
    ),
  );

  const sessionCheck = requireSession(auth, database.db, {
    signInMessage: (path) => (SEARCH_PATHS.has(path) ? SEARCH_MESSAGES.signIn : undefined),
    cache: sessions,
  });
  // Before the session check of /api/*: an <img> holding a signed address has no bearer token.
  app.route(
    "/api/image-proxy",
    imageProxyRoutes({
      signer: services.imageProxy,
      requireSession: sessionCheck,
      allowPrivateFetch: env.OUTBOUND_ALLOW_PRIVATE,
    }),
  );

  // Share links are read without a session, before the session check of /api/*.
  app.route("/api/shared", sharedRoutes({ db: database.db, limiter: services.limiter, sessionCheck }));
  // An MCP server's OAuth sign-in ends with a page load that has no bearer token (its state decides).
  app.route("/api/mcp/oauth", mcpOAuthCallbackRoutes(services));

  const api = new Hono<AppEnv>();
  api.use(sessionCheck);
  // PostgreSQL refuses a NUL in any text it is given, so one in a path or a query (%00, which no id
  // or search can hold) is refused here with its reason, for every route at once, instead of failing
  // in the database. JSON bodies have theirs dropped as they are read (lib/validate.ts).
  api.use((c, next) => {
    if (c.req.url.includes("%00")) {
      throw new AppError("VALIDATION_FAILED", "The address contains a NUL character (%00).");
    }
    return next();
  });
  api.route(
    "/documents",
    documentsRoutes({ db: database.db, jobs: services.jobs, allowPrivateFetch: env.OUTBOUND_ALLOW_PRIVATE }),
  );
  api.route("/knowledge", knowledgeRoutes({ knowledge: services.knowledge, limiter: services.limiter }));
  api.route(
    "/knowledge/collections",
    collectionsRoutes({
      db: database.db,
      jobs: services.jobs,
      allowPrivateFetch: env.OUTBOUND_ALLOW_PRIVATE,
    }),
  );
  api.route("/prompts", promptsRoutes(database.db));
  api.route("/api-keys", apiKeysRoutes(database.db));
  api.route(
    "/",
    billingRoutes({
      db: database.db,
      stripe: services.stripe,
      publicUrl: env.PUBLIC_URL,
      adminEmails: env.ADMIN_EMAILS,
    }),
  );
  api.route("/assistants", assistantsRoutes(database.db));
  api.route("/", toolsRoutesOf(services));
  api.route(
    "/",
    analyticsRoutes({ db: database.db, limiter: services.limiter, adminEmails: env.ADMIN_EMAILS }),
  );
  api.route(
    "/",
    mailRoutes({
      db: database.db,
      adminEmails: env.ADMIN_EMAILS,
      mailConfigured: () => services.connections.smtp() !== null,
    }),
  );
  api.route(
    "/admin/metrics",
    metricsRoutes({ database, limiter: services.limiter, adminEmails: env.ADMIN_EMAILS }),
  );
  api.route(
    "/admin/local-models",
    localModelsRoutes({ ...services.localModels.deps, adminEmails: env.ADMIN_EMAILS }),
  );
  api.route("/changelog", changelogRoutes({ db: database.db, adminEmails: env.ADMIN_EMAILS }));
  api.route(
    "/admin",
    adminRoutes({
      db: database.db,
      auth,
      storage: services.storage,
      settings: services.settings,
      logger,
      adminEmails: env.ADMIN_EMAILS,
    }),
  );
  api.route(
    "/admin",
    connectionsRoutes({
      db: database.db,
      cipher: services.cipher,
      env,
      live: services.connections,
      adminEmails: env.ADMIN_EMAILS,
      probe: (candidate) =>
        probeConnection(candidate, { ...PROBE_DEFAULTS, allowPrivate: env.OUTBOUND_ALLOW_PRIVATE }),
    }),
  );
  api.route(
    "/admin/embeddings",
    embeddingsRoutes({
      db: database.db,
      live: services.connections,
      jobs: services.jobs,
      enabled: env.EMBEDDINGS === "local",
      allowPrivate: env.OUTBOUND_ALLOW_PRIVATE,
      adminEmails: env.ADMIN_EMAILS,
    }),
  );
  api.route(
    "/admin/sso",
    ssoRoutes({
      db: database.db,
      live: services.sso.live,
      publicUrl: env.PUBLIC_URL,
      adminEmails: env.ADMIN_EMAILS,
      fetchOptions: { allowPrivate: env.OUTBOUND_ALLOW_PRIVATE },
    }),
  );
  api.route("/dashboard", dashboardRoutes(database.db));
  api.route(
    "/admin",
    auditRoutes({
      db: database.db,
      adminEmails: env.ADMIN_EMAILS,
      retentionDays: env.AUDIT_RETENTION_DAYS,
    }),
  );
  api.route(
    "/teams",
    teamsRoutes({
      db: database.db,
      mailer: services.mailer,
      publicUrl: env.PUBLIC_URL,
      lookupTxt: createTxtLookup({ servers: env.DNS_SERVERS }),
    }),
  );
  api.route("/", imagesRoutes(services));
  api.route("/", voiceRoutes(services));
  api.route("/", jobsRoutes({ jobs: services.jobs, track: (ctl) => services.answers.track(ctl) }));
  api.route("/", transcribeRoutes(services));
  api.route(
    "/profile",
    profileRoutes({
      db: database.db,
      storage: services.storage,
      fetchAvatar: (url) =>
        guardedFetch(url, {
          timeoutMs: 5_000,
          maxBytes: AVATAR_MAX_BYTES,
          allowPrivate: env.OUTBOUND_ALLOW_PRIVATE,
        }),
    }),
  );
  const streaming = {
    db: database.db,
    llm: services.llm,
    logger,
    idleMs: services.chatTimeouts.idleMs,
    totalMs: services.chatTimeouts.totalMs,
    answers: services.answers,
  };
  api.route(
    "/",
    searchRoutes({
      ...streaming,
      search: services.search,
      localSearch: services.localSearch,
      allowPrivateFetch: env.OUTBOUND_ALLOW_PRIVATE,
      imageSrc: services.imageProxy.src,
    }),
  );
  api.route(
    "/comparisons",
    compareRoutes({ ...streaming, limiter: services.limiter, messagesPerMinute: env.RATE_LIMIT_CHAT }),
  );
  // Comparison mode of the chat stream answers here; every other chat-stream request goes on to chat.
  api.post("/chat-stream", comparisonStream(streaming));
  // Before the conversation routes, whose /conversations/:id would take "import" for an id.
  api.route(
    "/conversations/import",
    importRoutes({
      db: database.db,
      limiter: services.limiter,
      logger,
      dataDir: env.DATA_DIR,
      storage: services.storage,
      jobs: services.jobs,
    }),
  );
  // Before chat's routes: its /conversations/:id would take /conversations/search.
  api.route("/", conversationLibraryRoutes({ db: database.db, publicUrl: env.PUBLIC_URL }));
  api.route(
    "/",
    chatRoutes({
      db: database.db,
      limiter: services.limiter,
      messagesPerMinute: env.RATE_LIMIT_CHAT,
      llm: services.llm,
      storage: services.storage,
      logger,
      idleMs: services.chatTimeouts.idleMs,
      totalMs: services.chatTimeouts.totalMs,
      search: services.search,
      allowPrivateFetch: env.OUTBOUND_ALLOW_PRIVATE,
      answers: services.answers,
      publicUrl: env.PUBLIC_URL,
      tools: (userId, ids) => resolveTools(toolDepsOf(services), userId, ids),
      toolMaxSteps: env.TOOL_MAX_STEPS,
      toolApprovalMs: env.TOOL_APPROVAL_TIMEOUT_MS,
    }),
  );
  app.route("/api", api);
  app.all("/api/*", () => {
    throw new AppError("NOT_FOUND", "No such API route.");
  });
  // The OpenAI-compatible API, opened by personal API keys rather than sessions.
  app.route(
    "/v1",
    v1Routes({
      db: database.db,
      llm: services.llm,
      limiter: services.limiter,
      logger,
      messagesPerMinute: env.RATE_LIMIT_CHAT,
      idleMs: services.chatTimeouts.idleMs,
      totalMs: services.chatTimeouts.totalMs,
      allowPrivateFetch: env.OUTBOUND_ALLOW_PRIVATE,
    }),
  );

  // Stored files: keys are server-made with a random part, so the address is the capability (an
  // <img> cannot send a bearer token). A file never runs as a page of ours: its type comes from the
  // key's own extension, and the policy sandboxes it with nothing allowed to load.
  app.get("/files/*", async (c) => {
    const key = storageKeyOf(c.req.path.slice("/files/".length));
    if (!key) throw new AppError("NOT_FOUND", "Not found.");
    const bytes = await services.storage.get(key).catch(() => null);
    if (!bytes) throw new AppError("NOT_FOUND", "Not found.");
    const type = contentTypeOf(key);
    c.header("Content-Type", type);
    c.header("X-Content-Type-Options", "nosniff");
    c.header(
      "Content-Security-Policy",
      "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
    );
    if (!/^(image|audio)\//.test(type)) c.header("Content-Disposition", "attachment");
    // Personal files: the browser may keep them, shared caches may not.
    c.header("Cache-Control", "private, max-age=31536000, immutable");
    return c.body(Buffer.from(bytes));
  });

  if (options.webDist) mountSpa(app, options.webDist, logger);

  app.onError(async (err, c) => {
    const requestId = c.get("requestId") ?? "unknown";
    const log = c.get("logger") ?? logger;
    // Messages the catalogue knows go out in the person's language (i18n/server-text.ts). Without a
    // free database connection, the browser's language: waiting for one would only fail again.
    const language = isConnectionTimeout(err)
      ? pickLanguage(null, c.req.header("accept-language"))
      : await requestLanguage(c, database.db);
    if (err instanceof AppError) {
      if (err.status >= 500) log.error({ event: "http.error", err }, err.message);
      for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
      return c.json(errorBody(err.code, translateError(err.message, language), requestId), err.status as 400);
    }
    if (err instanceof HTTPException) {
      return c.json(
        errorBody(
          err.status === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST",
          translateError(err.message || "Bad request.", language),
          requestId,
        ),
        err.status,
      );
    }
    if (isConnectionTimeout(err)) {
      // Every database connection stayed busy for the whole wait: a moment of overload, not a fault.
      log.warn({ event: "http.busy", path: c.req.path }, "no database connection within the wait");
      c.header("Retry-After", "5");
      return c.json(
        errorBody(
          "UNAVAILABLE",
          translateError("Tessera is busy right now. Try again in a moment.", language),
          requestId,
        ),
        503,
      );
    }
    if (c.req.raw.signal.aborted) {
      // The caller hung up first, and the work it started was called off with it: nobody is left to
      // answer, and it is no fault of ours. 499 is the access log's word for it.
      log.info({ event: "http.client_left", path: c.req.path, err }, "the client left before the answer");
      return new Response(null, { status: CLIENT_LEFT });
    }
    log.error({ event: "http.unhandled", err }, "unhandled error");
    return c.json(
      errorBody(
        "INTERNAL",
        translateError("Something went wrong on our side. Try again.", language),
        requestId,
      ),
      500,
    );
  });
  app.notFound((c) =>
    c.json(
      errorBody(
        "NOT_FOUND",
        translateError("Not found.", pickLanguage(null, c.req.header("accept-language"))),
        c.get("requestId") ?? "unknown",
      ),
      404,
    ),
  );
  const undeclared = undeclaredRoutes(app);
  if (undeclared.length > 0)
    logger.error(
      { event: "routes.undeclared", routes: undeclared },
      "routes without an authorisation rule in route-rules.ts",
    );
  return app;
}

/** The storage key a /files/ path names, or null for a malformed or non-key path. */
function storageKeyOf(encoded: string): string | null {
  try {
    const key = decodeURIComponent(encoded);
    return isServedKey(key) ? key : null;
  } catch {
    return null; // a broken %-escape
  }
}

/**
 * The built web app as this process started with it: hashed assets cached for a year, a missing one
 * 404, every other GET answered with index.html, with the page's route code listed for preloading
 * where the build named it (lib/spa-pages.ts).
 */
function mountSpa(app: Hono<AppEnv>, webDist: string, logger: Services["logger"]) {
  let build: Promise<WebBuild> | undefined;
  const loadBuild = () =>
    loadWebBuild(webDist).then((loaded) => {
      if (loaded.pages.problem)
        logger.warn(
          { event: "web.route_preloads.unused", reason: loaded.pages.problem },
          "pages served without preloads",
        );
      logger.info({ event: "web.build_held", ...loaded.size }, "web app read into memory");
      return loaded;
    });
  // Read now, so this process serves the build it started with (lib/web-build.ts); a failed read (no
  // build yet) is tried again on the next request.
  const current = () =>
    (build ??= loadBuild().catch((err: unknown) => {
      build = undefined;
      throw err;
    }));
  void current().catch(() => undefined);
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  // The offline shell's worker must be revalidated on every check, or a new build is never seen.
  app.use("/service-worker.js", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-cache");
  });
  // The build writes .br and .gz copies of its text assets; a browser that accepts one gets it.
  app.use("/*", async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const file = (await current()).file(c.req.path);
    if (!file) {
      // A chunk this build does not have (a page of another build asks): a 404 its loader sees as a
      // failed import, never index.html with a 200 that blanks the page.
      if (c.req.path.startsWith("/assets/") && !c.req.path.endsWith(".map"))
        throw new AppError("NOT_FOUND", "This build has no such file.");
      return next();
    }
    const { body, encoding } = pickEncoding(file, c.req.header("accept-encoding") ?? "");
    c.header("Content-Type", file.type);
    if (file.br || file.gzip) c.header("Vary", "Accept-Encoding");
    if (encoding) c.header("Content-Encoding", encoding);
    return c.req.method === "HEAD"
      ? c.body(null)
      : c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length));
  });
  // Source maps, which are not held in memory.
  app.use("/*", serveStatic({ root: webDist, precompressed: true }));
  app.get("*", async (c) => {
    const html = (await current()).pages.htmlFor(c.req.path);
    c.header("Cache-Control", "no-cache");
    // A shared conversation is public to whoever holds its link, never to a search engine.
    if (c.req.path.startsWith("/share/")) c.header("X-Robots-Tag", NOINDEX);
    return c.html(html);
  });
}
