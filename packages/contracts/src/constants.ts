// Constants fixed by the product specification, shared by server and web.

/** localStorage key of our auth session (the spec's backend session entry). */
export const AUTH_STORAGE_KEY = "tessera.auth.session";
export const SIDEBAR_STORAGE_KEY = "sidebar:state";
export const THEME_STORAGE_KEY = "tessera.theme";

/**
 * Messages the chat loads when it opens a conversation, and with each scroll back to older ones. Here,
 * with no schema beside it, so the first code a page loads can read a conversation ahead of the chat.
 */
export const MESSAGE_PAGE_SIZE = 100;

export const QUERY_RETRY = 1;
export const QUERY_STALE_MS = 5 * 60 * 1000;
export const MOBILE_BREAKPOINT_PX = 768;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
/** A scroll area's scrollbar hides this long after it stops scrolling or being pointed at (theme.css). */
export const SCROLLBAR_HIDE_DELAY_MS = 600;
export const DEFAULT_API_TIMEOUT_MS = 30_000;
/**
 * A read that fails on the way (the server unreachable, or a gateway's 502 / 503 / 504) is tried this
 * many times in all, waiting the base delay, then twice it, between tries.
 */
export const API_RETRY_ATTEMPTS = 3;
export const API_RETRY_BASE_MS = 1000;
export const RESEND_VERIFICATION_INTERVAL_S = 60;

/** The plans (spec 001 §9): plan-id.ts's schema; their contents are in plans.ts. */
export const PLAN_IDS = ["core", "pro", "max", "team"] as const;

/** Where a model can run: models.ts's schema. */
export const PROVIDER_IDS = [
  "tessera-local",
  "openrouter",
  "openai-compatible",
  "anthropic",
  "google",
  "llama-cpp",
] as const;

/** What a model, engine or voice reads when its provider is not connected. */
export const NOT_ENABLED_MESSAGE = "Not enabled on this server.";
