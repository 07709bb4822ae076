// Rate limits shared through a real Redis server (REDIS_URL, as .ci/run sets it): what one server
// process counts, every other one sees. Each test writes under a prefix of its own.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { connect, createServer, type AddressInfo, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ORIGIN, createTestApp, type TestApp } from "../test/test-app";
import { createLogger } from "./logger";
import {
  REDIS_BACKOFF_MS,
  REDIS_COMMAND_TIMEOUT_MS,
  createRedisRateLimiter,
  type RateLimiter,
} from "./rate-limiter";

const redisUrl = inject("redisUrl");
const prefix = `tessera-test:${randomUUID()}:`;
const admin = new Redis(redisUrl, { lazyConnect: true });
const opened: { close(): Promise<void> }[] = [];

beforeAll(() => admin.connect());
afterAll(async () => {
  await Promise.all(opened.splice(0).map((o) => o.close()));
  const keys = await admin.keys(`${prefix}*`);
  if (keys.length) await admin.del(...keys);
  admin.disconnect();
});

/** Returns once the limiter counts in Redis (until its connection is ready it counts in the process). */
async function inRedis(limiter: RateLimiter): Promise<RateLimiter> {
  const probe = `probe:${randomUUID()}`;
  for (let i = 0; i < 100; i++) {
    await limiter.hit(probe, { windowMs: 60_000, max: 1_000 });
    if (await admin.exists(`${prefix}rate:${probe}`)) return limiter;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("the limiter never reached Redis");
}

/** A limiter as one server process holds it. */
async function processLimiter(): Promise<RateLimiter> {
  const limiter = await createRedisRateLimiter(redisUrl, { logger: createLogger("silent"), prefix });
  opened.push(limiter);
  return inRedis(limiter);
}

describe("rate limits in Redis", () => {
  it("are one count for every process: the window, the wait, a reset and other keys", async () => {
    const [a, b] = await Promise.all([processLimiter(), processLimiter()]);
    const rule = { windowMs: 60_000, max: 3 };
    expect(await a.hit("chat:u1", rule)).toBeNull();
    expect(await b.hit("chat:u1", rule)).toBeNull();
    expect(await a.hit("chat:u1", rule)).toBeNull();
    const wait = await b.hit("chat:u1", rule);
    expect(wait).toBeGreaterThanOrEqual(59);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await a.hit("chat:u1", rule)).not.toBeNull();
    // Another key has its own window.
    expect(await b.hit("chat:u2", rule)).toBeNull();
    // A reset by one process (a correct password) is seen by the other.
    await a.reset("chat:u1");
    expect(await b.hit("chat:u1", rule)).toBeNull();
    // The window lives in Redis, under this instance's prefix, and ends with its expiry.
    expect(Number(await admin.get(`${prefix}rate:chat:u1`))).toBe(1);
    expect(await admin.pttl(`${prefix}rate:chat:u1`)).toBeGreaterThan(59_000);
  });

  it("open again once the window is over", async () => {
    const limiter = await processLimiter();
    const rule = { windowMs: 300, max: 1 };
    expect(await limiter.hit("short", rule)).toBeNull();
    expect(await limiter.hit("short", rule)).toBe(1);
    await new Promise((r) => setTimeout(r, 350));
    expect(await limiter.hit("short", rule)).toBeNull();
  });

  it("count many hits at once exactly: no two processes both take the last place", async () => {
    const [a, b] = await Promise.all([processLimiter(), processLimiter()]);
    const rule = { windowMs: 60_000, max: 10 };
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit("burst", rule)),
    );
    expect(answers.filter((w) => w === null)).toHaveLength(10);
  });
});

/**
 * A loopback proxy in front of Redis that can stop passing commands on (they wait, in order) while
 * every connection stays open: a Redis that hangs.
 */
async function freezableProxy() {
  const target = new URL(redisUrl);
  let frozen = false;
  const held: { to: Socket; data: Buffer }[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    client.on("data", (data) => (frozen ? held.push({ to: upstream, data }) : upstream.write(data)));
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.on("error", () => undefined);
    upstream.on("error", () => undefined);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    freeze: () => void (frozen = true),
    /** Bytes of commands held back since the freeze. */
    heldBytes: () => held.reduce((n, h) => n + h.data.length, 0),
    thaw: () => {
      frozen = false;
      for (const { to, data } of held.splice(0)) to.write(data);
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((done) => server.close(done));
    },
  };
}

describe("a Redis that stops answering", () => {
  it("costs one command's time-out, then hits count in the process until it is asked again", async () => {
    const proxy = await freezableProxy();
    opened.push(proxy);
    let clock = Date.now();
    const limiter = await createRedisRateLimiter(proxy.url, {
      logger: createLogger("silent"),
      prefix,
      now: () => clock,
    });
    opened.push(limiter);
    await inRedis(limiter);
    expect(limiter.store()).toBe("redis");
    const rule = { windowMs: 60_000, max: 1 };

    proxy.freeze();
    const started = performance.now();
    expect(await limiter.hit("frozen", rule)).toBeNull();
    expect(performance.now() - started).toBeGreaterThanOrEqual(REDIS_COMMAND_TIMEOUT_MS - 50);
    // The next hits do not wait: the process counts them without asking Redis, and its limit holds.
    const asked = proxy.heldBytes();
    expect(await limiter.hit("frozen", rule)).toBe(60);
    expect(proxy.heldBytes()).toBe(asked);
    expect(await admin.exists(`${prefix}rate:frozen`)).toBe(0);
    expect(limiter.store()).toBe("fallback");

    // Redis answers again; once the back-off is over, it is asked again.
    proxy.thaw();
    clock += REDIS_BACKOFF_MS;
    expect(await limiter.hit("thawed", rule)).toBeNull();
    expect(Number(await admin.get(`${prefix}rate:thawed`))).toBe(1);
    expect(limiter.store()).toBe("redis");
  });
});

describe("two servers on one Redis", () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((t) => t.close())));
  /** A server on a real socket (Better Auth's limits key on the client's address), counting in Redis. */
  const server = async () => {
    const t = await createTestApp({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix, RATE_LIMIT_SIGN_UP: "2" });
    apps.push(t);
    await inRedis(t.services.limiter);
    return t.listen();
  };
  const post = (base: string, path: string, body: unknown) =>
    fetch(`${base}/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN },
      body: JSON.stringify(body),
    });

  it("share the limits of their own routes and of Better Auth's", async () => {
    const [a, b] = [await server(), await server()];
    for (const base of [a, b]) {
      const health = (await (await fetch(`${base}/api/health`)).json()) as { rateLimits: string };
      expect(health.rateLimits).toBe("redis");
    }
    // The verification mail: one a minute per address, whichever server is asked.
    const email = `shared-${randomUUID()}@example.com`;
    expect((await post(a, "/send-verification-email", { email })).status).not.toBe(429);
    const refused = await post(b, "/send-verification-email", { email });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^A verification mail was sent to this address less than a minute ago\. Try again in \d+ s\.$/,
    );
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    // Sign-up, counted by Better Auth per client address (RATE_LIMIT_SIGN_UP = 2): two on one
    // server, the third refused by the other.
    const signUp = (base: string) =>
      post(base, "/sign-up/email", {
        name: "Shared",
        email: `signup-${randomUUID()}@example.com`,
        password: "correct horse 42",
      });
    expect((await signUp(a)).status).toBe(200);
    expect((await signUp(a)).status).toBe(200);
    expect((await signUp(b)).status).toBe(429);
    // Better Auth counted them in Redis, where every process reads them (its own in-memory store
    // is one per Node process, which the two servers of this test share: the key tells).
    const [key, ...more] = await admin.keys(`${prefix}rate:auth:*sign-up*`);
    expect(more).toEqual([]);
    expect(Number(await admin.get(key!))).toBe(3);
  });
});
