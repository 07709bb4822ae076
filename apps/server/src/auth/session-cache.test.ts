// The session cache on its own: what it keeps, what a notice or a lost listener drops, and the row it
// must not keep because a change was announced while it was being read.
import { describe, expect, it, vi } from "vitest";
import { createSessionCache, REPROBE_MS, SETTLE_TIMEOUT_MS } from "./session-cache";

const row = (token: string, userId = "u1") => ({ session: { token, userId }, user: { id: userId } });
type Row = ReturnType<typeof row>;

/** A loader that counts its reads. */
function loader(rows: Record<string, Row>) {
  const calls: string[] = [];
  return {
    calls,
    load: (token: string) => () => {
      calls.push(token);
      return Promise.resolve(rows[token]);
    },
  };
}

describe("the session cache", () => {
  it("keeps a row once its listener is live and serves it without reading again", async () => {
    const cache = createSessionCache<Row>();
    const db = loader({ a: row("a") });
    // Not live yet: nothing is kept, every call reads.
    await cache.read("a", db.load("a"));
    await cache.read("a", db.load("a"));
    expect(db.calls).toEqual(["a", "a"]);
    cache.state(true);
    await cache.read("a", db.load("a"));
    expect(await cache.read("a", db.load("a"))).toEqual(row("a"));
    expect(db.calls).toEqual(["a", "a", "a"]);
    expect(cache.size).toBe(1);
  });

  it("keeps no unknown token", async () => {
    const cache = createSessionCache<Row>();
    cache.state(true);
    const db = loader({});
    expect(await cache.read("nope", db.load("nope"))).toBeUndefined();
    expect(await cache.read("nope", db.load("nope"))).toBeUndefined();
    expect(db.calls).toEqual(["nope", "nope"]);
    expect(cache.size).toBe(0);
  });

  it("drops one session on its notice, and every session of a person on theirs", async () => {
    const cache = createSessionCache<Row>();
    cache.state(true);
    const db = loader({ a: row("a"), b: row("b"), c: row("c", "u2") });
    for (const token of ["a", "b", "c"]) await cache.read(token, db.load(token));
    cache.notice("s:a");
    expect(cache.size).toBe(2);
    await cache.read("b", db.load("b"));
    expect(db.calls).toEqual(["a", "b", "c"]);
    await cache.read("a", db.load("a"));
    expect(db.calls).toEqual(["a", "b", "c", "a"]);
    cache.notice("u:u1");
    expect(cache.size).toBe(1);
    await cache.read("c", db.load("c"));
    expect(db.calls).toEqual(["a", "b", "c", "a"]);
    // A payload it does not know drops everything rather than guess.
    cache.notice("?");
    expect(cache.size).toBe(0);
  });

  it("does not keep a row read while a change was announced", async () => {
    const cache = createSessionCache<Row>();
    cache.state(true);
    let release!: () => void;
    const stale = cache.read(
      "a",
      () =>
        new Promise<Row>((resolve) => {
          release = () => resolve(row("a"));
        }),
    );
    // The sign-out commits (and is announced) after the read saw the row, before it came back.
    cache.notice("s:a");
    release();
    expect(await stale).toEqual(row("a"));
    expect(cache.size).toBe(0);
  });

  it("forgets everything when its listener is lost, and keeps nothing until it is back", async () => {
    const cache = createSessionCache<Row>();
    cache.state(true);
    const db = loader({ a: row("a") });
    await cache.read("a", db.load("a"));
    cache.state(false);
    expect(cache.size).toBe(0);
    await cache.read("a", db.load("a"));
    await cache.read("a", db.load("a"));
    expect(db.calls).toEqual(["a", "a", "a"]);
    cache.state(true);
    await cache.read("a", db.load("a"));
    await cache.read("a", db.load("a"));
    expect(db.calls).toEqual(["a", "a", "a", "a"]);
  });

  it("reads a row again once it is older than its time to live", async () => {
    const cache = createSessionCache<Row>({ ttlMs: 1_000 });
    cache.state(true);
    const db = loader({ a: row("a") });
    await cache.read("a", db.load("a"), 0);
    await cache.read("a", db.load("a"), 999);
    expect(db.calls).toEqual(["a"]);
    await cache.read("a", db.load("a"), 1_000);
    expect(db.calls).toEqual(["a", "a"]);
  });

  it("holds at most its maximum, letting the least recently used go first", async () => {
    const cache = createSessionCache<Row>({ max: 2 });
    cache.state(true);
    const db = loader({ a: row("a"), b: row("b"), c: row("c") });
    await cache.read("a", db.load("a"));
    await cache.read("b", db.load("b"));
    await cache.read("a", db.load("a")); // a is now the most recent
    await cache.read("c", db.load("c")); // b goes
    expect(cache.size).toBe(2);
    await cache.read("a", db.load("a"));
    await cache.read("b", db.load("b"));
    expect(db.calls).toEqual(["a", "b", "c", "b"]);
  });

  it("keeps a row only under the token it was read for", async () => {
    const cache = createSessionCache<Row>();
    cache.state(true);
    await cache.read("a", () => Promise.resolve(row("other")));
    expect(cache.size).toBe(0);
  });

  /** A cache whose notices go through `sent`; the test hands them back (or not) as the listener would. */
  function withChannel(opts: { onUnheard?: () => void } = {}) {
    const sent: string[] = [];
    const cache = createSessionCache<Row>({
      ...opts,
      send: (payload) => {
        sent.push(payload);
        return Promise.resolve();
      },
    });
    return { cache, sent };
  }
  const turn = () => new Promise((r) => setTimeout(r, 5));

  it("trusts a listener only once its own marker has come back through it", async () => {
    const { cache, sent } = withChannel();
    const db = loader({ a: row("a") });
    cache.state(true);
    await turn();
    expect(sent).toEqual([expect.stringMatching(/^sync:/)]);
    // Not heard yet: nothing is kept.
    await cache.read("a", db.load("a"));
    expect(cache.size).toBe(0);
    cache.notice(sent[0]!);
    await turn();
    await cache.read("a", db.load("a"));
    expect(cache.size).toBe(1);
  });

  it("stays off when the marker never comes back, says so, and asks again later", async () => {
    vi.useFakeTimers();
    try {
      let unheard = 0;
      const { cache, sent } = withChannel({ onUnheard: () => unheard++ });
      const db = loader({ a: row("a") });
      cache.state(true);
      await vi.advanceTimersByTimeAsync(SETTLE_TIMEOUT_MS);
      expect(unheard).toBe(1);
      await cache.read("a", db.load("a"));
      expect(cache.size).toBe(0);
      await vi.advanceTimersByTimeAsync(REPROBE_MS);
      expect(sent).toHaveLength(2);
      cache.notice(sent[1]!);
      await vi.advanceTimersByTimeAsync(1);
      await cache.read("a", db.load("a"));
      expect(cache.size).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("settles once its own marker comes back, after the notices sent before it", async () => {
    const { cache, sent } = withChannel();
    cache.state(true);
    await turn();
    cache.notice(sent[0]!);
    await turn();
    const db = loader({ a: row("a") });
    await cache.read("a", db.load("a"));
    expect(cache.size).toBe(1);
    let settled = false;
    const settling = cache.settle().then(() => (settled = true));
    await turn();
    expect(settled).toBe(false);
    expect(sent).toHaveLength(2);
    // Another process's marker is not ours.
    cache.notice("sync:someone-else");
    await turn();
    expect(settled).toBe(false);
    cache.notice("s:a");
    cache.notice(sent[1]!);
    await settling;
    expect(cache.size).toBe(0);
  });

  it("drops every copy when its marker cannot be sent or is not heard in time", async () => {
    let failing = false;
    const sent: string[] = [];
    const cache = createSessionCache<Row>({
      send: (payload) => {
        if (failing) return Promise.reject(new Error("database down"));
        sent.push(payload);
        return Promise.resolve();
      },
    });
    cache.state(true);
    await turn();
    cache.notice(sent[0]!);
    await turn();
    const db = loader({ a: row("a"), b: row("b") });
    await cache.read("a", db.load("a"));
    failing = true;
    await cache.settle();
    expect(cache.size).toBe(0);

    failing = false;
    await cache.read("b", db.load("b"));
    expect(cache.size).toBe(1);
    vi.useFakeTimers();
    try {
      const settling = cache.settle();
      await vi.advanceTimersByTimeAsync(SETTLE_TIMEOUT_MS);
      await settling;
    } finally {
      vi.useRealTimers();
    }
    expect(cache.size).toBe(0);
  });
});
