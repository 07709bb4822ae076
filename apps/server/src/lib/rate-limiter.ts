// A fixed-window limiter kept in process (the embedded default). Keys are whatever the caller
// decides: an address, an email, a user id.
import { AppError } from "./errors";

export interface RateLimiter {
  /** Records one hit; answers how many seconds to wait when over the limit, else null. */
  hit(key: string, rule: { windowMs: number; max: number }): number | null;
  /** Forgets a key's hits (a correct password clears the count of guesses before it). */
  reset(key: string): void;
}

/** A person's chat messages a minute (RATE_LIMIT_CHAT); a comparison counts as one. 429 above it. */
export function limitChatMessages(limiter: RateLimiter, userId: string, perMinute: number): void {
  const wait = limiter.hit(`chat:${userId}`, { windowMs: 60_000, max: perMinute });
  if (wait !== null)
    throw new AppError("RATE_LIMITED", `You are sending messages too quickly. Try again in ${wait} s.`, {
      headers: { "Retry-After": String(wait) },
    });
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let sweeps = 0;
  return {
    hit(key, rule) {
      const t = now();
      if (++sweeps % 1000 === 0) {
        for (const [k, w] of windows) if (t - w.start >= rule.windowMs) windows.delete(k);
      }
      const current = windows.get(key);
      if (!current || t - current.start >= rule.windowMs) {
        windows.set(key, { start: t, count: 1 });
        return null;
      }
      if (current.count >= rule.max)
        return Math.max(1, Math.ceil((current.start + rule.windowMs - t) / 1000));
      current.count++;
      return null;
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
