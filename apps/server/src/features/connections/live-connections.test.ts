// A change made through one server process is in use in another at once, with no restart: two apps
// on one database (two PostgreSQL connections pools in the postgres project, one in-process PGlite
// otherwise), each with its own live configuration. Only the database's notice tells B.
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import {
  startOpenAiCompatibleServer,
  type OpenAiCompatibleServer,
} from "../../test/openai-compatible-server";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createScratchDatabase, openTestDatabase, testDbKind } from "../../test/test-database";

// Every process of one instance shares its secrets: B opens the key A sealed.
const SHARED = {
  AUTH_SECRET: "a-shared-secret-of-at-least-thirty-two-characters",
  ENCRYPTION_KEY: "ab".repeat(32),
};

let a: TestApp;
let b: TestApp;
let server: OpenAiCompatibleServer;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  server = await startOpenAiCompatibleServer({
    apiKey: "sk-shared-between-processes",
    models: ["both-see-me"],
  });
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  if (testDbKind() === "postgres") {
    const scratch = await createScratchDatabase("tessera_conn");
    drop = scratch.drop;
    const open = () =>
      openDatabase({ kind: "postgres", url: scratch.url }, { onConnectionError: () => undefined });
    first = await open();
    second = await open();
  } else {
    // One PGlite in one process: its notices reach every listener in it, as on a server they reach
    // every process. The second app must not close it twice.
    first = await openTestDatabase();
    second = { ...first, close: () => Promise.resolve() };
  }
  b = await createTestApp(SHARED, { database: second });
  a = await createTestApp(SHARED, { database: first });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await drop?.();
  await server?.close();
});

const listed = async (app: TestApp, token: string, id: string) => {
  const res = await app.request("/api/models", { token });
  const { groups } = (await res.json()) as { groups: { models: { id: string; available: boolean }[] }[] };
  return groups.flatMap((g) => g.models).find((m) => m.id === id) ?? null;
};

it("applies a connection made through one process in the other, and its removal", async () => {
  const admin = await a.newUser("root@example.com");
  const member = await a.newUser("member@example.com");
  expect(await listed(b, member, "local/both-see-me")).toBeNull();

  const made = await a.request("/api/admin/connections", {
    method: "POST",
    token: admin,
    json: {
      kind: "openai-compatible",
      name: "Shared",
      baseUrl: server.url,
      apiKey: "sk-shared-between-processes",
    },
  });
  expect(made.status).toBe(201);
  const { id } = (await made.json()) as { id: string };
  // A has it before it answered; B as soon as the notice arrives.
  expect(await listed(a, member, "local/both-see-me")).toMatchObject({ available: true });
  await expect
    .poll(() => listed(b, member, "local/both-see-me"), { timeout: 5_000, interval: 20 })
    .toMatchObject({
      available: true,
    });

  // B's chat reaches the server with the key A sealed.
  const chat = await b.request("/api/chat-stream", {
    method: "POST",
    token: member,
    json: { message: "Hello", model: "local/both-see-me" },
  });
  expect(await chat.text()).toContain("Hello from the test server.");

  // A catalogue choice too: a built-in model switched off through B is gone from A's picker.
  const off = await b.request("/api/admin/models/gpt-5", {
    method: "PATCH",
    token: admin,
    json: { enabled: false },
  });
  expect(off.status).toBe(200);
  await expect.poll(() => listed(a, member, "gpt-5"), { timeout: 5_000, interval: 20 }).toBeNull();

  expect((await a.request(`/api/admin/connections/${id}`, { method: "DELETE", token: admin })).status).toBe(
    204,
  );
  await expect
    .poll(() => listed(b, member, "local/both-see-me"), { timeout: 5_000, interval: 20 })
    .toBeNull();
});
