// Wires the process's long-lived parts from a parsed Env: database, secrets, mail, auth, limiter.
// main.ts and the tests both start here, so tests exercise the same wiring as production.
import { join, resolve } from "node:path";
import { STREAM_IDLE_TIMEOUT_MS, type SocialProvider } from "@tessera/contracts";
import { createAuth, type Auth } from "./auth/auth";
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from "./db/client";
import type { Env } from "./env";
import { createCipher, type Cipher } from "./lib/crypto";
import { createImageProxySigner, type ImageProxySigner } from "./lib/image-proxy-signature";
import type { Logger } from "./lib/logger";
import { createLiveStreams, type LiveStreams } from "./lib/live-streams";
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from "./lib/rate-limiter";
import { loadSecrets } from "./lib/secrets";
import { seedBuiltInAssistants } from "./features/assistants/assistants";
import { sweepOrphanStreams } from "./db/sweep-orphan-streams";
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
import { createS3Storage } from "./providers/storage/s3-storage";
import { createLocalStorage, type Storage } from "./providers/storage/storage";

export interface Services {
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
  /** The open chat and comparison streams; main.ts ends them on shutdown before closing. */
  streams: LiveStreams;
  /** Signs image-proxy addresses for pictures an <img> loads without a bearer token. */
  imageProxy: ImageProxySigner;
  close(): Promise<void>;
}

/** How often answers left streaming are looked for, and how much longer than a stream's cap they wait. */
const SWEEP_EVERY_MS = 60_000;
const SWEEP_MARGIN_MS = 5 * 60_000;

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
    }));
  // Before anything is served: whatever is still streaming was left by a process that is gone.
  const swept = await sweepOrphanStreams(database.db, null);
  if (swept.messages || swept.comparisonAnswers || swept.searches)
    logger.warn({ event: "boot.orphan_streams", ...swept }, "closed answers left streaming");
  // Later ones come from final writes that outlasted a database outage: after any stream's end.
  const sweeper = setInterval(() => {
    const before = new Date(Date.now() - env.LLM_STREAM_TIMEOUT_MS - SWEEP_MARGIN_MS);
    sweepOrphanStreams(database.db, before).then(
      (n) => {
        if (n.messages || n.comparisonAnswers || n.searches)
          logger.warn({ event: "chat.orphan_streams", ...n }, "closed answers left streaming");
      },
      (err: unknown) =>
        logger.warn(
          { event: "chat.orphan_sweep_failed", err: err instanceof Error ? err.message : String(err) },
          "sweep failed",
        ),
    );
  }, SWEEP_EVERY_MS);
  sweeper.unref();
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
  const mailer = createMailer({ db: database.db, logger, smtp: () => connections.smtp() });
  const social: Parameters<typeof createAuth>[0]["social"] = {};
  if (env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET)
    social.github = { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET };
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET)
    social.google = { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET };
  const limiter = env.REDIS_URL
    ? await createRedisRateLimiter(env.REDIS_URL, { logger, prefix: env.REDIS_KEY_PREFIX })
    : createMemoryRateLimiter();
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
  });
  return {
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
    streams: createLiveStreams(),
    imageProxy: createImageProxySigner(secrets.authSecret),
    close: async () => {
      clearInterval(sweeper);
      await localModels.close();
      await limiter.close();
      await database.close();
    },
  };
}
