// Fixed-window rate limits, and things one may do one at a time (`hold`). Keys are whatever the caller
// decides: an address, an email, a user id. With REDIS_URL they live in Redis; on a PostgreSQL server
// without Redis, in the database (database-limits.ts); either way every server process behind a load
// balancer counts against the same limit (DESIGN: stateless servers). PGlite is one process's
// database, so there the windows stay in the process. While Redis cannot answer, each process falls
// back to its own windows: limits still hold, per process, and no request waits on a dead connection.
import { randomUUID } from "node:crypto";
import type { RateLimitStore } from "@tessera/contracts";
import type * as IORedis from "ioredis";
import { AppError } from "./errors";
import type { Logger } from "./logger";

export interface RateLimitRule {
  windowMs: number;
  max: number;
}

export interface RateLimiter {
  /** Records one hit; answers how many seconds to wait when over the limit, else null. */
  hit(key: string, rule: RateLimitRule): Promise<number | null>;
  /** Forgets a key's hits (a correct password clears the count of guesses before it). */
  reset(key: string): Promise<void>;
  /**
   * Takes `key` for one holder at a time, in every process: the function that lets it go, or null
   * while someone holds it. A hold not let go (its process died) runs out after `ttlMs`.
   */
  hold(key: string, ttlMs: number): Promise<(() => Promise<void>) | null>;
  /** Where the next hit is counted (shown by /api/health and the admin's metrics). */
  store(): RateLimitStore;
  close(): Promise<void>;
}

/**
 * Records one hit on `key`; above the rule's limit, a 429 with Retry-After and the message `say` words
 * from the seconds to wait.
 */
export async function enforceLimit(
  limiter: RateLimiter,
  key: string,
  rule: RateLimitRule,
  say: (waitSeconds: number) => string,
): Promise<void> {
  const wait = await limiter.hit(key, rule);
  if (wait !== null)
    throw new AppError("RATE_LIMITED", say(wait), { headers: { "Retry-After": String(wait) } });
}

/** A person's chat messages a minute (RATE_LIMIT_CHAT); a comparison counts as one. 429 above it. */
export const limitChatMessages = (limiter: RateLimiter, userId: string, perMinute: number) =>
  enforceLimit(
    limiter,
    `chat:${userId}`,
    { windowMs: 60_000, max: perMinute },
    (wait) => `You are sending messages too quickly. Try again in ${wait} s.`,
  );

/** Seconds until a window that ends in `ms` frees up: at least 1. */
export const secondsLeft = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Holds kept in the process, each until let go or until it runs out. */
export function memoryHolds(now: () => number) {
  const held = new Map<string, { token: symbol; until: number }>();
  return (key: string, ttlMs: number): Promise<(() => Promise<void>) | null> => {
    const current = held.get(key);
    if (current && current.until > now()) return Promise.resolve(null);
    const mine = { token: Symbol(key), until: now() + ttlMs };
    held.set(key, mine);
    return Promise.resolve(() => {
      if (held.get(key) === mine) held.delete(key);
      return Promise.resolve();
    });
  };
}

/** The in-process windows (synchronous inside; the interface is the shared, asynchronous one). */
function memoryWindows(now: () => number) {
  const windows = new Map<string, { start: number; count: number }>();
  let sweeps = 0;
  return {
    hit(key: string, rule: RateLimitRule): number | null {
      const t = now();
      if (++sweeps % 1000 === 0) {
        for (const [k, w] of windows) if (t - w.start >= rule.windowMs) windows.delete(k);
      }
      const current = windows.get(key);
      if (!current || t - current.start >= rule.windowMs) {
        windows.set(key, { start: t, count: 1 });
        return null;
      }
      if (current.count >= rule.max) return secondsLeft(current.start + rule.windowMs - t);
      current.count++;
      return null;
    },
    reset(key: string) {
      windows.delete(key);
    },
  };
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = memoryWindows(now);
  return {
    hit: (key, rule) => Promise.resolve(windows.hit(key, rule)),
    reset: (key) => Promise.resolve(windows.reset(key)),
    hold: memoryHolds(now),
    store: () => "memory",
    close: () => Promise.resolve(),
  };
}

/**
 * One hit, atomically: counts it, gives a new window its expiry (the window's end), and answers the
 * milliseconds left in the window above `max`, else -1. Sent once per connection, then by its hash.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
if count <= tonumber(ARGV[2]) then return -1 end
return left`;

/** Lets a hold go only if it is still this holder's (it may have run out and been taken since). */
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** The client with HIT_SCRIPT and RELEASE_SCRIPT defined on it as commands. */
type RateRedis = IORedis.Redis & {
  rateHit(key: string, windowMs: number, max: number): Promise<number>;
  releaseHold(key: string, token: string): Promise<number>;
};

/** How long a hit waits for Redis before the process counts it itself. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** After a command failed on a connection that still looks up, how long hits stay in the process. */
export const REDIS_BACKOFF_MS = 5_000;

/**
 * The limiter on the Redis at `url`. The Redis client is loaded here, on first use, so that the
 * embedded default (no REDIS_URL) never loads it: it is the larger part of a cold start's module
 * evaluation that nothing else needs.
 */
export async function createRedisRateLimiter(
  url: string,
  opts: {
    logger: Logger;
    now?: () => number;
    /** REDIS_KEY_PREFIX (default `tessera:`); the limiter's keys follow it with `rate:`. */
    prefix?: string;
  },
): Promise<RateLimiter> {
  // A CommonJS package: its module's default export is module.exports both in Node's own loader and in
  // the server's bundle, whose chunk exports nothing by name.
  const { Redis } = (await import("ioredis")).default as unknown as typeof IORedis;
  const now = opts.now ?? Date.now;
  const fallback = memoryWindows(now);
  const redis = new Redis(url, {
    keyPrefix: `${opts.prefix ?? "tessera:"}rate:`,
    // A command while disconnected fails at once (the fallback counts it) instead of queueing.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    // Reconnects for good, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  }) as RateRedis;
  redis.defineCommand("rateHit", { numberOfKeys: 1, lua: HIT_SCRIPT });
  redis.defineCommand("releaseHold", { numberOfKeys: 1, lua: RELEASE_SCRIPT });
  const fallbackHold = memoryHolds(now);
  let reachable: boolean | null = null;
  const noteState = (ok: boolean, err?: unknown) => {
    if (reachable === ok) return;
    reachable = ok;
    if (ok) opts.logger.info({ event: "rate_limit.redis_up" }, "rate limits shared through Redis");
    else
      opts.logger.warn(
        { event: "rate_limit.redis_down", err: err instanceof Error ? err.message : String(err) },
        "Redis unreachable: rate limits counted in this process until it is back",
      );
  };
  // A server that stopped answering on an open connection costs one command's time-out, not one
  // per request: hits stay in the process for a while before Redis is asked again.
  let backOffUntil = 0;
  const usable = () => redis.status === "ready" && now() >= backOffUntil;
  const failed = (err: unknown) => {
    backOffUntil = now() + REDIS_BACKOFF_MS;
    noteState(false, err);
  };
  redis.on("ready", () => {
    backOffUntil = 0;
    noteState(true);
  });
  redis.on("error", (err: unknown) => noteState(false, err));

  return {
    async hit(key, rule) {
      if (!usable()) return fallback.hit(key, rule);
      try {
        const left = await redis.rateHit(key, rule.windowMs, rule.max);
        noteState(true);
        return left < 0 ? null : secondsLeft(left);
      } catch (err) {
        failed(err);
        return fallback.hit(key, rule);
      }
    },
    async reset(key) {
      fallback.reset(key);
      if (!usable()) return;
      try {
        await redis.del(key);
      } catch (err) {
        failed(err);
      }
    },
    async hold(key, ttlMs) {
      if (!usable()) return fallbackHold(key, ttlMs);
      const token = randomUUID();
      try {
        if ((await redis.set(`hold:${key}`, token, "PX", ttlMs, "NX")) !== "OK") return null;
        noteState(true);
      } catch (err) {
        failed(err);
        return fallbackHold(key, ttlMs);
      }
      return async () => {
        // Not let go (Redis away): the hold runs out by itself.
        await redis.releaseHold(`hold:${key}`, token).catch((err: unknown) => failed(err));
      };
    },
    store: () => (usable() ? "redis" : "fallback"),
    close() {
      redis.disconnect();
      return Promise.resolve();
    },
  };
}
