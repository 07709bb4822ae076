// Two server processes on one PostgreSQL database, each with its own session cache: a sign-out on one
// ends the session on the other as soon as the notice arrives, and a process whose listening
// connection is cut keeps nothing until it listens again (a notice it missed cannot leave a copy).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, rowsOf, type DatabaseHandle } from "../db/client";
import { RELISTEN_MS } from "../db/notices";
import { createTestApp, type TestApp } from "../test/test-app";
import { createScratchDatabase } from "../test/test-database";

let drop: () => Promise<void>;
let a: TestApp;
let b: TestApp;
let direct: DatabaseHandle;

beforeAll(async () => {
  const scratch = await createScratchDatabase("tessera_cache");
  drop = scratch.drop;
  const open = () =>
    openDatabase({ kind: "postgres", url: scratch.url }, { onConnectionError: () => undefined });
  // One secret, as every process of one instance has: a token from one is good on the other.
  const env = { AUTH_SECRET: "a-shared-secret-of-at-least-thirty-two-characters" };
  a = await createTestApp(env, { database: await open() });
  b = await createTestApp(env, { database: await open() });
  direct = await open();
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close(), direct?.close()]);
  await drop?.();
});

const profile = async (app: TestApp, token: string) => (await app.request("/api/profile", { token })).status;
const rawToken = (signed: string) => {
  const value = decodeURIComponent(signed);
  return value.slice(0, value.lastIndexOf("."));
};
/** Backends listening on the channel: one per app. */
const listeners = async () =>
  (
    await rowsOf<{ pid: number }>(
      direct.db,
      sql`select pid from pg_stat_activity where datname = current_database() and query = 'LISTEN tessera_session'`,
    )
  ).map((r) => r.pid);

it("ends a session on every process when it is signed out on one", async () => {
  await expect.poll(async () => (await listeners()).length, { timeout: 5_000 }).toBe(2);
  const token = await a.newUser("two@example.com");
  expect(await profile(a, token)).toBe(200);
  expect(await profile(b, token)).toBe(200);
  expect(await profile(b, token)).toBe(200);
  const out = await a.request("/api/auth/sign-out", { method: "POST", token, json: {} });
  expect(out.status).toBe(200);
  expect(await profile(a, token)).toBe(401);
  await expect.poll(() => profile(b, token), { timeout: 2_000, interval: 10 }).toBe(401);
});

it("keeps nothing while its listener is cut, then keeps again once it listens", async () => {
  const token = await a.newUser("cut@example.com");
  expect(await profile(b, token)).toBe(200);
  const before = await listeners();
  // Cut every listener; each app notices, forgets what it kept and connects again a second later.
  await direct.db.execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN tessera_session'`,
  );
  // Deleted without a notice while nobody listens: a copy kept through the cut would still answer.
  await direct.db.execute(sql`alter table "session" disable trigger "session_changed"`);
  await direct.db.execute(sql`delete from "session" where token = ${rawToken(token)}`);
  await direct.db.execute(sql`alter table "session" enable trigger "session_changed"`);
  await expect.poll(() => profile(b, token), { timeout: 2_000, interval: 20 }).toBe(401);

  await expect
    .poll(async () => (await listeners()).filter((pid) => !before.includes(pid)).length, {
      timeout: RELISTEN_MS * 5,
    })
    .toBe(before.length);
  const again = await a.newUser("again@example.com");
  expect(await profile(b, again)).toBe(200);
  const out = await a.request("/api/auth/sign-out", { method: "POST", token: again, json: {} });
  expect(out.status).toBe(200);
  await expect.poll(() => profile(b, again), { timeout: 2_000, interval: 10 }).toBe(401);
});
