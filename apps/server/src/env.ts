// The one place that reads process.env. Every variable is parsed here; a bad value stops start-up
// with a readable list of what is wrong.
import { z } from "zod";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const urlWith = (protocols: string[]) =>
  optionalString.refine(
    (v) => v === undefined || protocols.some((p) => v.startsWith(`${p}:`)),
    `must be a URL starting with ${protocols.map((p) => `${p}://`).join(" or ")}`,
  );

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    PUBLIC_URL: urlWith(["http", "https"]),
    DATABASE_URL: urlWith(["postgres", "postgresql"]),
    AUTH_SECRET: optionalString.refine(
      (v) => v === undefined || v.length >= 32,
      "must be at least 32 characters",
    ),
    ENCRYPTION_KEY: optionalString.refine(
      (v) => v === undefined || /^[0-9a-fA-F]{64}$/.test(v),
      "must be 64 hexadecimal characters (32 bytes)",
    ),
    SMTP_URL: urlWith(["smtp", "smtps"]),
    /** Rate limits shared by every server process (lib/rate-limiter.ts); in process without it. */
    REDIS_URL: urlWith(["redis", "rediss"]),
    /** Before every key this instance writes to Redis: instances sharing one Redis keep apart. */
    REDIS_KEY_PREFIX: z.string().min(1).default("tessera:"),
    MAIL_FROM: z.string().default("Tessera <no-reply@tessera.local>"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    TRUSTED_PROXY_HEADER: optionalString.transform((v) => v?.toLowerCase()),
    BODY_LIMIT_BYTES: positiveInt(1_048_576),
    RATE_LIMIT_SIGN_IN: positiveInt(10),
    RATE_LIMIT_SIGN_IN_ACCOUNT: positiveInt(10),
    RATE_LIMIT_SIGN_UP: positiveInt(5),
    RATE_LIMIT_CHAT: positiveInt(30),
    GITHUB_CLIENT_ID: optionalString,
    GITHUB_CLIENT_SECRET: optionalString,
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    WEB_DIST_DIR: optionalString,
    // Company sign-in (OpenID Connect) when Admin → Sign-in has none of its own: the issuer (its
    // discovery document is at ISSUER/.well-known/openid-configuration), client id and secret.
    OIDC_ISSUER: urlWith(["http", "https"]).transform((v) => v?.replace(/\/+$/, "")),
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    OIDC_BUTTON_LABEL: optionalString,
    /** Comma-separated mail domains allowed to sign in this way; none: any. */
    OIDC_ALLOWED_DOMAINS: optionalString.transform((v) =>
      v
        ? v
            .split(",")
            .map((s) => s.trim().toLowerCase().replace(/^@/, ""))
            .filter(Boolean)
        : [],
    ),
    OIDC_JOIN_TEAM_BY_DOMAIN: z
      .enum(["true", "false", "1", "0", ""])
      .default("false")
      .transform((v) => v === "true" || v === "1"),
    /** The claim that makes an instance admin (groups), and the value it must hold (tessera-admins). */
    OIDC_ADMIN_CLAIM: optionalString,
    OIDC_ADMIN_CLAIM_VALUE: optionalString,
    OPENROUTER_API_KEY: optionalString,
    OPENROUTER_BASE_URL: urlWith(["http", "https"]),
    OPENAI_API_KEY: optionalString,
    OPENAI_BASE_URL: urlWith(["http", "https"]),
    OPENAI_MODELS: optionalString.transform((v) =>
      v
        ? v
            .split(",")
            .map((m) => m.trim())
            .filter(Boolean)
        : [],
    ),

    // Voice-over (providers/speech). OpenAI TTS with OPENAI_TTS_API_KEY, or OPENAI_API_KEY when
    // OPENAI_BASE_URL is unset or OpenAI's, or any OpenAI-compatible /audio/speech server at
    // OPENAI_TTS_BASE_URL; otherwise the embedded eSpeak NG. OPENAI_TTS_MODEL defaults to gpt-4o-mini-tts.
    OPENAI_TTS_BASE_URL: urlWith(["http", "https"]),
    OPENAI_TTS_API_KEY: optionalString,
    OPENAI_TTS_MODEL: optionalString,
    VOICE_TIMEOUT_MS: positiveInt(120_000),

    ANTHROPIC_API_KEY: optionalString,
    ANTHROPIC_BASE_URL: urlWith(["http", "https"]),
    GOOGLE_GENERATIVE_AI_API_KEY: optionalString,
    GOOGLE_BASE_URL: urlWith(["http", "https"]),
    LLM_STREAM_TIMEOUT_MS: positiveInt(120_000),
    /** Model calls in one chat answer, tool rounds included; the last one answers without tools. */
    TOOL_MAX_STEPS: z.coerce.number().int().min(1).max(50).default(8),
    /** How long a tool call waits for the person's approval before it is denied. */
    TOOL_APPROVAL_TIMEOUT_MS: positiveInt(300_000),
    /**
     * How long a process's lease on the answers it writes lasts unless renewed (streams/leases.ts):
     * after a process dies, its answers are closed as interrupted within about this long.
     */
    STREAM_LEASE_MS: z.coerce.number().int().min(1_000).default(30_000),
    SEARXNG_URL: urlWith(["http", "https"]),
    TAVILY_API_KEY: optionalString,
    TAVILY_BASE_URL: urlWith(["http", "https"]),
    BRAVE_SEARCH_API_KEY: optionalString,
    BRAVE_BASE_URL: urlWith(["http", "https"]),
    JIGSAWSTACK_API_KEY: optionalString,
    JIGSAWSTACK_BASE_URL: urlWith(["http", "https"]),
    SEARCH_TIMEOUT_MS: positiveInt(10_000),

    // Image models (providers/images). Tessera Sketch always works; fal draws Imagine 4 and FLUX 1.1
    // Pro, OpenAI (OPENAI_API_KEY) draws gpt-image-1, and any OpenAI-compatible /images/generations
    // server at OPENAI_IMAGES_BASE_URL serves the models named in OPENAI_IMAGES_MODELS.
    FAL_KEY: optionalString,
    FAL_BASE_URL: urlWith(["http", "https"]),
    OPENAI_IMAGES_BASE_URL: urlWith(["http", "https"]),
    OPENAI_IMAGES_API_KEY: optionalString,
    OPENAI_IMAGES_MODELS: optionalString.transform((v) =>
      v
        ? v
            .split(",")
            .map((m) => m.trim())
            .filter(Boolean)
        : [],
    ),
    IMAGE_TIMEOUT_MS: positiveInt(180_000),
    RATE_LIMIT_IMAGES: positiveInt(10),

    S3_ENDPOINT: urlWith(["http", "https"]),
    S3_REGION: z.string().default("us-east-1"),
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false", "1", "0", ""])
      .default("true")
      .transform((v) => v !== "false" && v !== "0"),
    /**
     * Name servers that check the DNS TXT records proving a team's mail domain (comma-separated
     * addresses, each with an optional port: 10.0.0.2, 127.0.0.1:5353, [::1]:53); the system's otherwise.
     */
    DNS_SERVERS: optionalString
      .transform((v) =>
        v
          ? v
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean)
          : [],
      )
      .refine(
        (list) =>
          list.every((s) =>
            /^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-f:.]+\](:\d{1,5})?|[0-9a-f:.]+)$/i.test(s),
          ),
        "must be IP addresses, each with an optional port (127.0.0.1:5353, [::1]:53)",
      ),
    OUTBOUND_ALLOW_PRIVATE: z
      .enum(["true", "false", "1", "0", ""])
      .default("false")
      .transform((v) => v === "true" || v === "1"),
    /** Files (PDFs, pages, text) read at once, each in a worker process (knowledge/parser-pool.ts). */
    DOCUMENT_PARSE_WORKERS: z.coerce.number().int().min(1).max(32).default(2),
    /**
     * Retrieval by meaning (knowledge/): "local" embeds with the bundled offline model in a worker
     * thread; "off" indexes and searches by words only (tests that do not exercise it).
     */
    EMBEDDINGS: z.enum(["local", "off"]).default("local"),
    /** Most offline-model workers at once (knowledge/embeddings/local-embedder.ts); past the first, each
     * runs only while texts wait and holds about 170 MB. Default: one per core, at most two. */
    EMBEDDING_WORKERS: z.coerce.number().int().min(1).max(8).optional(),
    LOCAL_MODEL_PACE_MS: z.coerce.number().int().min(0).max(1000).default(12),

    // Open models run in this process (llama.cpp, GGUF files under DATA_DIR/models). Downloads come
    // from HF_ENDPOINT (a mirror works); HF_TOKEN is sent there, and only there, for gated models.
    HF_ENDPOINT: urlWith(["http", "https"]).transform((v) =>
      (v ?? "https://huggingface.co").replace(/\/+$/, ""),
    ),
    HF_TOKEN: optionalString,
    /** CPU threads per answer: on a busy 2-core machine one beats two (bench row 9). */
    LOCAL_LLM_THREADS: z.coerce.number().int().min(1).max(256).default(1),
    /** Answers one loaded model gives at once; others wait their turn and see their place. */
    LOCAL_LLM_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
    /** A model nobody asked for this many seconds is unloaded. */
    LOCAL_LLM_IDLE_S: positiveInt(600),
    /** Tokens of conversation a local model sees (at most what the model was trained for). */
    LOCAL_LLM_CONTEXT: z.coerce.number().int().min(512).max(131_072).default(4096),
    /** `off`: the CPU build. `auto`, `cuda`, `vulkan`: a GPU build the operator installed beside it. */
    LOCAL_LLM_GPU: z.enum(["off", "auto", "cuda", "vulkan"]).default("off"),
    /** People who may set anyone's plan (comma-separated emails). */
    ADMIN_EMAILS: optionalString.transform((v) =>
      v
        ? v
            .split(",")
            .map((m) => m.trim().toLowerCase())
            .filter(Boolean)
        : [],
    ),
    /** Days the audit log keeps an event (audit/audit-retention.ts). */
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
    SALES_EMAIL: optionalString,
    /**
     * off: the instance does not sell plans; plans gate nothing and the admin's budgets are the
     * limits. on: plans (trial, admin-set, Stripe) are enforced. Unset: on with Stripe, else off.
     */
    BILLING: z
      .enum(["on", "off", ""], { message: "must be on or off" })
      .optional()
      .transform((v) => v || undefined),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_PRO: optionalString,
    STRIPE_PRICE_MAX: optionalString,
    STRIPE_PRICE_TEAM: optionalString,
    STRIPE_API_BASE: urlWith(["http", "https"]),

    // Dictation. An OpenAI-compatible /audio/transcriptions endpoint (TRANSCRIBE_BASE_URL, or OpenAI
    // itself with OPENAI_API_KEY); otherwise PocketSphinx on this host, run through ffmpeg. The two
    // paths default to the programs found on PATH.
    TRANSCRIBE_BASE_URL: urlWith(["http", "https"]),
    TRANSCRIBE_API_KEY: optionalString,
    TRANSCRIBE_MODEL: optionalString,
    TRANSCRIBE_TIMEOUT_MS: positiveInt(120_000),
    FFMPEG_PATH: optionalString,

    // Observing (observability/): GET /metrics for Prometheus, traces to an OTLP/HTTP collector.
    /** A bearer token /metrics asks for; without it and METRICS_PORT, only this host may read it. */
    METRICS_TOKEN: optionalString.refine(
      (v) => v === undefined || v.length >= 16,
      "must be at least 16 characters",
    ),
    /** /metrics on this port only (a second listener on HOST), and no longer on PORT. */
    METRICS_PORT: z.coerce
      .number()
      .int()
      .min(1)
      .max(65535)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Traces go to this collector (OTLP over HTTP, JSON bodies, to /v1/traces); off when unset. */
    OTEL_EXPORTER_OTLP_ENDPOINT: urlWith(["http", "https"]).transform((v) => v?.replace(/\/+$/, "")),
    OTEL_SERVICE_NAME: z.string().trim().min(1).default("tessera"),
    POCKETSPHINX_PATH: optionalString,
    PATH: z.string().default(""),
  })
  .transform((env) => {
    const PUBLIC_URL = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
    return {
      ...env,
      PUBLIC_URL,
      SALES_EMAIL: env.SALES_EMAIL ?? `sales@${new URL(PUBLIC_URL).hostname}`,
      BILLING: env.BILLING ?? (env.STRIPE_SECRET_KEY ? ("on" as const) : ("off" as const)),
    };
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  override name = "EnvError";
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  const lines = result.success
    ? []
    : result.error.issues.map((i) => `  - ${i.path.join(".") || "(env)"}: ${i.message}`);
  for (const p of ["GITHUB", "GOOGLE"]) {
    if (Boolean(source[`${p}_CLIENT_ID`]?.trim()) !== Boolean(source[`${p}_CLIENT_SECRET`]?.trim())) {
      lines.push(`  - ${p}_CLIENT_ID: ${p}_CLIENT_ID and ${p}_CLIENT_SECRET must be set together`);
    }
  }
  const oidc = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"];
  const oidcSet = oidc.filter((k) => source[k]?.trim());
  if (oidcSet.length > 0 && oidcSet.length < oidc.length) {
    lines.push(
      `  - OIDC_ISSUER: company sign-in needs all of ${oidc.join(", ")} (missing ${oidc.filter((k) => !oidcSet.includes(k)).join(", ")})`,
    );
  }
  const s3 = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"];
  const s3Set = s3.filter((k) => source[k]?.trim());
  if (s3Set.length > 0 && s3Set.length < s3.length) {
    lines.push(
      `  - S3_ENDPOINT: object storage needs all of ${s3.join(", ")} (missing ${s3.filter((k) => !s3Set.includes(k)).join(", ")})`,
    );
  }
  if (Boolean(source.STRIPE_SECRET_KEY?.trim()) !== Boolean(source.STRIPE_WEBHOOK_SECRET?.trim())) {
    lines.push("  - STRIPE_SECRET_KEY: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together");
  }
  if (
    source.STRIPE_SECRET_KEY?.trim() &&
    !["PRO", "MAX", "TEAM"].some((p) => source[`STRIPE_PRICE_${p}`]?.trim())
  ) {
    lines.push(
      "  - STRIPE_PRICE_PRO: with Stripe, set the price id of at least one plan (STRIPE_PRICE_PRO, _MAX, _TEAM)",
    );
  }
  if (
    result.success &&
    result.data.METRICS_PORT !== undefined &&
    result.data.METRICS_PORT === result.data.PORT
  ) {
    lines.push("  - METRICS_PORT: must differ from PORT (metrics are served on a listener of their own)");
  }
  if (!result.success || lines.length > 0) {
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

export function loadEnv(): Env {
  return parseEnv(process.env);
}

/** The host's program search path, for tests that look for ffmpeg and PocketSphinx themselves. */
export const hostPath = (): string => process.env.PATH ?? "";
