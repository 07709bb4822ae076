// Two server processes on one PostgreSQL database: what an admin does on one holds on the other
// within a second. A ban ends the person's sessions there too (the session cache hears it through
// pg_notify), a sign-out everywhere as well, and a change of the settings (closing sign-up, the
// instance's name) is in use there without a restart.
import type { PublicConfig } from "@tessera/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { user } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createScratchDatabase } from "../../test/test-database";

let drop: () => Promise<void>;
let a: TestApp;
let b: TestApp;
let root: string;

beforeAll(async () => {
  const scratch = await createScratchDatabase("tessera_admin");
  drop = scratch.drop;
  const open = () =>
    openDatabase({ kind: "postgres", url: scratch.url }, { onConnectionError: () => undefined });
  const env = { AUTH_SECRET: "a-shared-secret-of-at-least-thirty-two-characters" };
  a = await createTestApp(env, { database: await open() });
  b = await createTestApp(env, { database: await open() });
  root = await a.newUser("root@example.com");
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await drop?.();
});

const profile = async (app: TestApp, token: string) => (await app.request("/api/profile", { token })).status;
const idOf = async (email: string) =>
  (await a.services.database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;

it("ends a banned person's sessions on the other process within a second", async () => {
  const token = await a.newUser("banned@example.com");
  // Read on b until b keeps it, as a busy process would.
  expect(await profile(b, token)).toBe(200);
  expect(await profile(b, token)).toBe(200);
  const banned = await a.request(`/api/admin/users/${await idOf("banned@example.com")}/ban`, {
    method: "POST",
    token: root,
    json: { reason: "abuse" },
  });
  expect(banned.status).toBe(200);
  const started = Date.now();
  await expect.poll(() => profile(b, token), { timeout: 1_000, interval: 10 }).toBe(401);
  expect(Date.now() - started).toBeLessThan(1_000);
  expect((await b.signIn("banned@example.com")).status).toBe(403);
});

it("signs a person out everywhere, on every process", async () => {
  const token = await a.newUser("roamer@example.com");
  expect(await profile(b, token)).toBe(200);
  expect(await profile(b, token)).toBe(200);
  const out = await b.request(`/api/admin/users/${await idOf("roamer@example.com")}/sign-out`, {
    method: "POST",
    token: root,
  });
  expect(out.status).toBe(200);
  await expect.poll(() => profile(a, token), { timeout: 1_000, interval: 10 }).toBe(401);
});

it("applies a change of the settings on the other process without a restart", async () => {
  const changed = await a.request("/api/admin/settings", {
    method: "PATCH",
    token: root,
    json: { registration: "closed", instanceName: "Acme AI" },
  });
  expect(changed.status).toBe(200);
  const config = async () => (await (await b.request("/api/public/config")).json()) as PublicConfig;
  await expect
    .poll(
      async () => {
        const c = await config();
        return [c.registration, c.instanceName];
      },
      { timeout: 1_000, interval: 10 },
    )
    .toEqual(["closed", "Acme AI"]);
  expect((await b.signUp("late@example.com")).status).toBe(403);
});
