// A key sent to the server is found in no response, no log line and no column in the clear: every
// admin call a connection's life takes (made, tested, listed, changed, refused, used, removed), with
// an upstream that echoes what it is sent, and a mail server whose password comes inside its address.
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { pino } from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  startOpenAiCompatibleServer,
  type OpenAiCompatibleServer,
} from "../../test/openai-compatible-server";
import { createTestApp, type TestApp } from "../../test/test-app";

const KEY = `sk-unique-${randomUUID()}`;
const WRONG = `sk-wrong-${randomUUID()}`;
const PASSWORD = `pw-${randomUUID()}`;

const lines: string[] = [];
const seen: string[] = [];
let t: TestApp;
let upstream: OpenAiCompatibleServer;
let smtp: SMTPServer;
let smtpPort: number;
let admin: string;

beforeAll(async () => {
  upstream = await startOpenAiCompatibleServer({ apiKey: KEY, models: ["secret-model"] });
  smtp = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) =>
      auth.password === PASSWORD
        ? callback(null, { user: auth.username })
        : callback(new Error("Invalid login")),
    onData: (stream, _session, callback) => {
      stream.resume();
      stream.on("end", () => callback());
    },
  });
  smtpPort = await new Promise<number>((resolve) =>
    smtp.listen(0, "127.0.0.1", () => resolve((smtp.server.address() as AddressInfo).port)),
  );
  const logger = pino({ level: "trace" }, { write: (line: string) => void lines.push(line) });
  t = await createTestApp({}, { logger });
  admin = await t.newUser("root@example.com");
});
afterAll(async () => {
  await t?.close();
  await upstream?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

async function call(path: string, init: { method?: string; json?: unknown } = {}) {
  const res = await t.request(path, { token: admin, ...init });
  const text = await res.text();
  seen.push(`${res.status} ${path} ${JSON.stringify([...res.headers])} ${text}`);
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

it("never repeats a key, in any answer, log line or stored column", async () => {
  // Refused before saving: an address that does not answer, and a key the upstream rejects (and echoes).
  expect(
    (
      await call("/api/admin/connections", {
        method: "POST",
        json: { kind: "openai-compatible", name: "Down", baseUrl: "http://127.0.0.1:9/v1", apiKey: KEY },
      })
    ).status,
  ).toBe(400);
  expect(
    (
      await call("/api/admin/connections", {
        method: "POST",
        json: { kind: "openai-compatible", name: "Wrong", baseUrl: upstream.url, apiKey: WRONG },
      })
    ).status,
  ).toBe(400);
  expect(
    (
      await call("/api/admin/connections", {
        method: "POST",
        json: { kind: "openrouter", name: "Bad", apiKey: KEY, baseUrl: "notaurl" },
      })
    ).status,
  ).toBe(400);

  const made = await call("/api/admin/connections", {
    method: "POST",
    json: { kind: "openai-compatible", name: "Lab", baseUrl: upstream.url, apiKey: KEY },
  });
  expect(made.status).toBe(201);
  const id = made.body.id as string;
  await call("/api/admin/connections");
  await call(`/api/admin/connections/${id}/test`, { method: "POST" });
  await call(`/api/admin/connections/${id}/models`);
  await call(`/api/admin/connections/${id}`, { method: "PATCH", json: { name: "Lab 2", apiKey: KEY } });
  // A wrong key on an existing connection is refused, and the stored one stays.
  expect(
    (await call(`/api/admin/connections/${id}`, { method: "PATCH", json: { apiKey: WRONG } })).status,
  ).toBe(400);
  await call("/api/admin/models", {
    method: "POST",
    json: { connectionId: id, upstream: "secret-model", name: "Secret", group: "open-source" },
  });
  await call("/api/admin/models");
  await call("/api/models");
  const chat = await t.request("/api/chat-stream", {
    method: "POST",
    token: admin,
    json: { message: "Hi", model: "secret-model" },
  });
  seen.push(await chat.text());
  await call("/api/openapi.json");

  // A mail server whose password comes inside its address: kept sealed, used to send, never shown.
  const mail = await call("/api/admin/connections", {
    method: "POST",
    json: { kind: "smtp", name: "Mail", baseUrl: `smtp://tessera:${PASSWORD}@127.0.0.1:${smtpPort}` },
  });
  expect(mail.status, JSON.stringify(mail.body)).toBe(201);
  expect(mail.body).toMatchObject({
    baseUrl: `smtp://tessera@127.0.0.1:${smtpPort}`,
    key: { state: "stored" },
  });
  expect((await call("/api/public/config")).body).toMatchObject({ mailConfigured: true });
  await t.signUp("mailed@example.com");
  expect((await t.latestMail("mailed@example.com"))?.status).toBe("sent");
  await call(`/api/admin/connections/${mail.body.id as string}/test`, { method: "POST" });
  await call("/api/admin/connections");

  await call(`/api/admin/connections/${id}`, { method: "PATCH", json: { enabled: false } });
  await call(`/api/admin/connections/${id}`, { method: "DELETE" });
  await call(`/api/admin/connections/${mail.body.id as string}`, { method: "DELETE" });

  const stored = JSON.stringify(await t.services.database.db.execute(sql`select * from connections`));
  const everything = [...seen, ...lines, stored].join("\n");
  expect(seen.length).toBeGreaterThan(15);
  expect(lines.length).toBeGreaterThan(20);
  for (const secret of [KEY, WRONG, PASSWORD]) expect(everything).not.toContain(secret);
  // The upstream did get the keys: the test would prove nothing otherwise.
  expect(upstream.requests.some((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
});
