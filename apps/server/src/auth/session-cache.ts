// The sessions behind recent bearer tokens, kept in this process so that an API call does not read
// the same session row again. A copy lives only while the database says nothing changed: every
// update or deletion of a session or of its person (sign-out, revocation, refresh, ban, role) is
// announced on `tessera_session` by a trigger (migration 0015), to every process on the database,
// and drops the copies it concerns. While the announcements cannot be heard (the listening
// connection is lost) nothing is kept and every call reads the database, as without a cache.
//
// A change made through this process is heard back before its request answers (`settle`), so the
// next call here never sees the old row; another process hears it as soon as the notice arrives.
//
// What is kept is the row as read; whether it is still live, due for its refresh or banned is
// decided on every call from the clock, so a copy never outlives its session.
import { randomUUID } from "node:crypto";
import type { NoticeHandlers } from "../db/notices";

export const SESSION_CHANNEL = "tessera_session";
/** Sessions kept at most; the longest unused go first. */
export const SESSION_CACHE_MAX = 5_000;
/** A copy is read again after this long even when no notice came (a notice lost in transit). */
export const SESSION_CACHE_TTL_MS = 60_000;
/** How long `settle` waits to hear its own marker before it drops every copy instead. */
export const SETTLE_TIMEOUT_MS = 2_000;
const MARKER = "sync:";

export interface CachedSession {
  session: { token: string; userId: string };
}

export interface SessionCache<T extends CachedSession> extends NoticeHandlers {
  /** The row for `token`: the kept copy, or `load`'s answer (kept when nothing changed meanwhile). */
  read(token: string, load: () => Promise<T | undefined>, now?: number): Promise<T | undefined>;
  /**
   * Returns once every change committed before the call has been heard: it sends a marker through
   * `send` (pg_notify on the same channel) and waits for it to come back, as notices arrive in commit
   * order. If the marker cannot be sent or does not come back in time, every copy is dropped.
   */
  settle(): Promise<void>;
  readonly size: number;
}

export interface SessionCacheOptions {
  max?: number;
  ttlMs?: number;
  /**
   * Sends a notice on the channel (pg_notify). With it, a listener that says it is up is trusted only
   * once a marker sent this way has come back through it: a connection that cannot hear notices (a
   * pooler in transaction mode, say) never turns the cache on. Without it (tests) nothing is checked.
   */
  send?: (payload: string) => Promise<unknown>;
  /** A listener came up but its marker did not come back: the cache stays off and asks again later. */
  onUnheard?: () => void;
}

/** How long a listener whose marker did not come back waits before it is asked again. */
export const REPROBE_MS = 10_000;

export function createSessionCache<T extends CachedSession>(opts: SessionCacheOptions = {}): SessionCache<T> {
  const max = opts.max ?? SESSION_CACHE_MAX;
  const ttlMs = opts.ttlMs ?? SESSION_CACHE_TTL_MS;
  const kept = new Map<string, { row: T; at: number }>();
  let live = false;
  // Bumped by every notice: a row read while one arrived may predate the change, so it is not kept.
  let generation = 0;
  const markers = new Map<string, () => void>();
  const dropAll = () => {
    generation++;
    kept.clear();
  };
  /** Sends a marker and tells whether it came back through the listener in time. */
  async function hear(send: (payload: string) => Promise<unknown>): Promise<boolean> {
    const marker = `${MARKER}${randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      markers.set(marker, () => resolve(true));
      timer = setTimeout(() => resolve(false), SETTLE_TIMEOUT_MS);
    });
    try {
      await send(marker);
      return await heard;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
      markers.delete(marker);
    }
  }
  // Bumped by every probe and by every change of the listener's state: an answer counts only if
  // nothing happened since its probe started.
  let probes = 0;
  let reprobe: NodeJS.Timeout | undefined;
  function probe(send: (payload: string) => Promise<unknown>) {
    const mine = ++probes;
    void hear(send).then((heard) => {
      if (mine !== probes) return;
      if (heard) return void (live = true);
      opts.onUnheard?.();
      reprobe = setTimeout(() => probe(send), REPROBE_MS);
      reprobe.unref();
    });
  }

  return {
    get size() {
      return kept.size;
    },
    notice(payload) {
      if (payload.startsWith(MARKER)) return markers.get(payload)?.();
      generation++;
      const id = payload.slice(2);
      if (payload.startsWith("s:")) kept.delete(id);
      else if (payload.startsWith("u:")) {
        for (const [token, { row }] of kept) if (row.session.userId === id) kept.delete(token);
      } else kept.clear();
    },
    state(up) {
      probes++;
      live = false;
      clearTimeout(reprobe);
      dropAll();
      if (!up) return;
      if (opts.send) probe(opts.send);
      else live = true;
    },
    async settle() {
      if (!live || !opts.send) return;
      if (!(await hear(opts.send))) dropAll();
    },
    async read(token, load, now = Date.now()) {
      const hit = kept.get(token);
      if (hit && now - hit.at < ttlMs) {
        // Most recently used last, so the oldest in the map is the first to go.
        kept.delete(token);
        kept.set(token, hit);
        return hit.row;
      }
      if (hit) kept.delete(token);
      const before = generation;
      const row = await load();
      if (row && live && before === generation && row.session.token === token) {
        kept.set(token, { row, at: now });
        if (kept.size > max) kept.delete(kept.keys().next().value!);
      }
      return row;
    },
  };
}
