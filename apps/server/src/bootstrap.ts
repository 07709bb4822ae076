// Wires the process's long-lived parts from a parsed Env: database, secrets, mail, auth, limiter.
// main.ts and the tests both start here, so tests exercise the same wiring as production.
import { join, resolve } from "node:path";
import { STREAM_IDLE_TIMEOUT_MS, type SocialProvider } from "@tessera/contracts";
import { createAuth, type Auth } from "./auth/auth";
import { startAuditRetention } from "./audit/audit-retention";
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from "./db/client";
import type { Env } from "./env";
import { createCipher, type Cipher } from "./lib/crypto";
import { createImageProxySigner, type ImageProxySigner } from "./lib/image-proxy-signature";
import type { Logger } from "./lib/logger";
import { createDatabaseRateLimiter } from "./lib/database-limits";
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from "./lib/rate-limiter";
import { loadSecrets } from "./lib/secrets";
import { seedBuiltInAssistants } from "./features/assistants/assistants";
import { closeOrphanedAnswers } from "./features/chat/close-orphaned-answers";
import { closeOrphanedResponses } from "./features/compare/close-orphaned-responses";
import { closeOrphanedSearches } from "./features/search/close-orphaned-searches";
import { createDatabaseBus, createRedisBus } from "./streams/bus";
import { createDurableAnswers, type DurableAnswers } from "./streams/durable-answers";
import { createJobQueue, type JobQueue } from "./jobs/queue";
import { closeTools } from "./tools/tool-deps";
import { seedBuiltInPrompts } from "./features/prompts/prompts";
import { seedKnowledge } from "./knowledge/seed-knowledge";
import { createLiveConnections, type LiveConnections } from "./features/connections/live-connections";
import { createLocalModels, type LocalModels } from "./features/local-models/create-local-models";
import { withLocalModels } from "./providers/llm/gguf/with-local-models";
import type { ImageRegistry } from "./providers/images/registry";
import type { LlmRegistry } from "./providers/llm/types";
import { createMailer, type Mailer } from "./providers/mail/mailer";
import { createStripe, type Stripe } from "./providers/billing/stripe";
import { createLocalSearch } from "./providers/search/registry";
import type { SearchIndex, SearchProvider } from "./providers/search/types";
import type { SpeechProvider } from "./providers/speech/types";
import type { Transcription } from "./providers/transcription/registry";
import { searchIndex } from "./knowledge/search-index";
import { chooseEmbedders } from "./knowledge/embeddings/choose-embedders";
import { createEmbedderHealth } from "./knowledge/embeddings/embedder-health";
import type { KnowledgeDeps } from "./knowledge/hybrid-search";
import { indexJobKind, queuePendingDocuments } from "./knowledge/index-documents";
import { warmMemoryIndex } from "./knowledge/memory-index";
import { prepareVectorStore } from "./knowledge/vector-store";
import { generationSizes, recordFirstGeneration } from "./knowledge/embeddings/embedder-generations";
import { reembedJobKind } from "./knowledge/reembed";
import { densityJobKind, queueMissingDensities } from "./knowledge/unit-density";
import { createEmbedderResolver } from "./features/connections/resolve-embedder";
import { useKnowledge } from "./knowledge/retrieve-passages";
import { createS3Storage } from "./providers/storage/s3-storage";
import { createLocalStorage, type Storage } from "./providers/storage/storage";
import { setBillingMode } from "./billing/billing-mode";
import { createLiveSettings, type LiveSettings } from "./settings/live-settings";
import { createLiveSso, type LiveSso } from "./features/sso/live-sso";
import { createOidcClient, type OidcClient } from "./features/sso/oidc-client";
import { createMetrics, type Metrics } from "./observability/metrics";

export interface Services {
  /** Company sign-in: its configuration in every process, and the client that talks to the provider. */
  sso: { live: LiveSso; client: OidcClient };
  env: Env;
  logger: Logger;
  database: DatabaseHandle;
  mailer: Mailer;
  auth: Auth;
  limiter: RateLimiter;
  /** Seals what is kept secret at rest (ENCRYPTION_KEY): two-factor secrets, connection keys. */
  cipher: Cipher;
  socialProviders: SocialProvider[];
  /**
   * The providers and their keys (environment + Admin → Connections), rebuilt in every process when
   * a connection changes; `llm`, `search`, `images`, `speech` and `transcription` are its.
   */
  connections: LiveConnections;
  llm: LlmRegistry;
  /** Open models run in this process (GGUF files, llama.cpp), their downloads, and their folder. */
  localModels: LocalModels;
  /** The configured web search provider, else the local index. */
  search: SearchProvider;
  images: ImageRegistry;
  speech: SpeechProvider;
  transcription: Transcription;
  /** The local full-text index over the workspace, whatever else is configured. */
  localSearch: SearchProvider;
  /** Stripe, when STRIPE_SECRET_KEY is set; otherwise plans come from the trial and admins. */
  stripe: Stripe | null;
  storage: Storage;
  chatTimeouts: { idleMs: number; totalMs: number };
  /**
   * The durable answers this process writes (chat, compare, search) and the pages following them;
   * main.ts ends them on shutdown before closing.
   */
  answers: DurableAnswers;
  /** The job queue (jobs/): images and voice-overs, taken by any process, retried when one dies. */
  jobs: JobQueue;
  /** Retrieval over documents' chunks (knowledge/hybrid-search.ts): the database and the embedders. */
  knowledge: KnowledgeDeps;
  /** Signs image-proxy addresses for pictures an <img> loads without a bearer token. */
  imageProxy: ImageProxySigner;
  /** Admin → Settings (registration, allowed domains, default plan, name), the same in every process. */
  settings: LiveSettings;
  /** The Prometheus registry GET /metrics serves, and the request middleware that feeds it. */
  metrics: Metrics;
  close(): Promise<void>;
}

export async function createServices(
  env: Env,
  logger: Logger,
  options: {
    database?: DatabaseHandle;
    chatIdleMs?: number;
    /** Tests: shorter download waits, a small machine's memory, a full disk. */
    localModels?: Pick<Parameters<typeof createLocalModels>[0], "timings" | "freeMemory" | "statfs">;
  } = {},
): Promise<Services> {
  const dataDir = resolve(env.DATA_DIR);
  const secrets = loadSecrets(dataDir, { authSecret: env.AUTH_SECRET, encryptionKey: env.ENCRYPTION_KEY });
  const target: DatabaseTarget = env.DATABASE_URL
    ? { kind: "postgres", url: env.DATABASE_URL }
    : { kind: "pglite", dataDir: join(dataDir, "pglite") };
  const database =
    options.database ??
    (await openDatabase(target, {
      onConnectionError: (err) =>
        logger.warn({ event: "db.connection_error", err: err.message }, "database connection dropped"),
      onMigrationWait: () =>
        logger.info(
          { event: "db.migrations_waiting" },
          "another process is migrating the database; waiting for it to finish",
        ),
    }));
  const bus = env.REDIS_URL
    ? await createRedisBus(env.REDIS_URL, { logger, prefix: env.REDIS_KEY_PREFIX })
    : createDatabaseBus(database);
  // Leases, not a start-up sweep: this process closes only what no live process holds (on PGlite,
  // which no other process can share, whatever the last one left).
  const answers = createDurableAnswers({
    db: database.db,
    bus,
    logger,
    rules: [closeOrphanedAnswers, closeOrphanedResponses, closeOrphanedSearches],
    leaseMs: env.STREAM_LEASE_MS,
    maxAnswerMs: env.LLM_STREAM_TIMEOUT_MS,
    soleProcess: database.kind === "pglite",
  });
  await answers.start();
  // Images and voice-overs define their kinds when their routes are made; the queue takes from then.
  const jobs = createJobQueue({
    db: database.db,
    bus,
    logger,
    leaseMs: env.STREAM_LEASE_MS,
    soleProcess: database.kind === "pglite",
  });
  await jobs.start();
  await seedKnowledge(database.db);
  await seedBuiltInPrompts(database.db);
  await seedBuiltInAssistants(database.db);
  const cipher = createCipher(secrets.encryptionKey);
  const index: SearchIndex = async (query, opts) => ({
    results: await searchIndex(database.db, query, opts),
    images: [],
  });
  const localModels = createLocalModels({
    db: database.db,
    dataDir,
    hub: { endpoint: env.HF_ENDPOINT, token: env.HF_TOKEN },
    runtime: {
      threads: env.LOCAL_LLM_THREADS,
      concurrency: env.LOCAL_LLM_CONCURRENCY,
      idleMs: env.LOCAL_LLM_IDLE_S * 1000,
      contextSize: env.LOCAL_LLM_CONTEXT,
      gpu: env.LOCAL_LLM_GPU,
    },
    logger,
    ...options.localModels,
  });
  const connections = createLiveConnections({ env, logger, cipher, db: database.db, index });
  // Before anything is served, so the first request already sees the page's connections.
  await connections.reload();
  connections
    .listen(database)
    .catch((err: unknown) =>
      logger.warn(
        { event: "connections.listener_off", err: String(err) },
        "connection changes made by other processes are seen after a restart only",
      ),
    );
  // Embedders of connections' models need the connections read first.
  const resolveEmbedder = createEmbedderResolver(connections, { allowPrivate: env.OUTBOUND_ALLOW_PRIVATE });
  const knowledge: KnowledgeDeps = {
    db: database.db,
    embedders: chooseEmbedders(env.EMBEDDINGS, database.db, resolveEmbedder),
    logger,
    health: createEmbedderHealth(),
  };
  if (env.EMBEDDINGS === "local") await recordFirstGeneration(database.db);
  const vectors = await prepareVectorStore(database.db, await generationSizes(database.db), {
    inProcess: database.kind === "pglite",
  });
  logger.info({ event: "knowledge.vectors", mode: vectors }, `nearest chunks by ${vectors}`);
  // Vectors searched in this process are read in now, not at the first search.
  if (vectors !== "pgvector") {
    void knowledge.embedders
      .search()
      .then((embedder) => embedder && warmMemoryIndex(database.db, embedder.id, embedder.dims))
      .catch(() => undefined);
  }
  jobs.define(indexJobKind(knowledge));
  jobs.define(reembedJobKind(database.db, resolveEmbedder));
  jobs.define(densityJobKind(database.db));
  useKnowledge(knowledge);
  // Documents from before chunks existed, or whose indexing never started, are indexed now.
  await queuePendingDocuments(jobs, database.db);
  // Vectors stored before units had densities (or whose computing stopped) get them.
  await queueMissingDensities(jobs, database.db);
  // Plans gate what BILLING says for every call on this database (billing/billing-mode.ts).
  setBillingMode(database.db, env.BILLING);
  const settings = createLiveSettings({ db: database.db, logger });
  await settings.reload();
  settings
    .listen(database)
    .catch((err: unknown) =>
      logger.warn(
        { event: "settings.listener_off", err: String(err) },
        "settings changed by other processes are seen after a restart only",
      ),
    );
  const mailer = createMailer({
    db: database.db,
    logger,
    smtp: () => connections.smtp(),
    instanceName: () => settings.current().instanceName,
  });
  const ssoLive = createLiveSso({ db: database.db, cipher, env, logger });
  await ssoLive.reload();
  ssoLive
    .listen(database)
    .catch((err: unknown) =>
      logger.warn(
        { event: "sso.listener_off", err: String(err) },
        "sign-in configuration changed by other processes is seen after a restart only",
      ),
    );
  const sso = {
    live: ssoLive,
    // The provider is reached over the guarded client: a private address only with
    // OUTBOUND_ALLOW_PRIVATE, or the issuer the operator set in the environment.
    client: createOidcClient({
      allowPrivate: env.OUTBOUND_ALLOW_PRIVATE,
      trustedOrigins: () => {
        const fromEnv = ssoLive.current()?.source === "environment" ? ssoLive.current()?.issuer : undefined;
        return fromEnv ? [new URL(fromEnv).origin] : [];
      },
    }),
  };
  const social: Parameters<typeof createAuth>[0]["social"] = {};
  if (env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET)
    social.github = { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET };
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET)
    social.google = { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET };
  const metrics = createMetrics({ database, openStreams: () => answers.size });
  const limiter = metrics.countingRefusals(
    env.REDIS_URL
      ? await createRedisRateLimiter(env.REDIS_URL, { logger, prefix: env.REDIS_KEY_PREFIX })
      : database.kind === "postgres"
        ? createDatabaseRateLimiter(database.db)
        : createMemoryRateLimiter(),
  );
  const auth = createAuth({
    db: database.db,
    logger,
    mailer,
    cipher,
    secret: secrets.authSecret,
    baseURL: env.PUBLIC_URL,
    rateLimits: { signIn: env.RATE_LIMIT_SIGN_IN, signUp: env.RATE_LIMIT_SIGN_UP },
    limiter,
    social,
    newAccountPlan: () => settings.current().defaultPlan,
    sso,
  });
  const auditRetention = startAuditRetention({
    db: database.db,
    retentionDays: env.AUDIT_RETENTION_DAYS,
    logger,
  });
  const services: Services = {
    connections,
    llm: withLocalModels(connections.llm, localModels.source),
    localModels,
    search: connections.search,
    localSearch: createLocalSearch(index),
    images: connections.images,
    speech: connections.speech,
    transcription: connections.transcription,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? createStripe({
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiBase: env.STRIPE_API_BASE,
            prices: { pro: env.STRIPE_PRICE_PRO, max: env.STRIPE_PRICE_MAX, team: env.STRIPE_PRICE_TEAM },
          })
        : null,
    storage:
      env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? createS3Storage({
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            bucket: env.S3_BUCKET,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          })
        : createLocalStorage(join(dataDir, "files")),
    chatTimeouts: {
      idleMs: options.chatIdleMs ?? STREAM_IDLE_TIMEOUT_MS,
      totalMs: env.LLM_STREAM_TIMEOUT_MS,
    },
    env,
    logger,
    database,
    mailer,
    auth,
    limiter,
    cipher,
    socialProviders: Object.keys(social) as SocialProvider[],
    answers,
    jobs,
    knowledge,
    settings,
    sso,
    imageProxy: createImageProxySigner(secrets.authSecret),
    metrics,
    close: async () => {
      auditRetention.stop();
      metrics.close();
      await closeTools(services);
      await jobs.close();
      await answers.close();
      await localModels.close();
      await limiter.close();
      await database.close();
    },
  };
  return services;
}
