// Fuzzing the edges: random and boundary input to every zod-validated body, every upload, every GET's
// query string and every id in a path. Whatever arrives, the answer is never a 5xx, and every error
// has the one shape and names nothing of the inside (no SQL, no stack, no driver).
// fast-check runs from a fixed seed; a failure prints the seed and path that replay it.
import { OPERATIONS } from "../features/openapi/api-document";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_AUTH } from "../route-rules";
import { createTestApp, readSse, type TestApp } from "./test-app";

const SEED = 20_260_522;
/** Runs per property, so the whole file stays well under a minute on a busy machine. */
const RUNS = { random: 10, mutated: 16, upload: 10, query: 20, ids: 6 };

let t: TestApp;
let token: string;
let apiKey: string;
const ids = {
  team: "",
  self: "",
  prompt: "",
  assistant: "",
  conversation: "",
  connection: "",
  other: "",
  folder: "",
  collection: "",
};

const LEAK =
  /failed query|\bselect\b.+\bfrom\b|insert into|violates|syntax error|postgres|pglite|drizzle|zoderror|at \S+:\d+:\d+|node_modules/i;

const DELETE = Symbol("delete");

/** Routes that answer 503 by design while their engine is not set up on this machine. */
const unavailable = new Set<string>();

/** Never a 5xx; an error has the standard shape and says nothing of the internals. */
async function expectHandled(res: Response, what: string) {
  const text = await res.text();
  const path = what.split(/[ ?]/)[0]!;
  if (res.status >= 500 && !(res.status === 503 && unavailable.has(path)))
    throw new Error(`${what} → ${res.status} ${text.slice(0, 300)}`);
  if (res.status < 400) return;
  let body: { error?: { code?: unknown; message?: unknown; requestId?: unknown; type?: unknown } };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new Error(`${what} → ${res.status} is not JSON: ${text.slice(0, 200)}`);
  }
  const { code, message, requestId, type } = body.error ?? {};
  if (typeof message !== "string" || !message)
    throw new Error(`${what} → ${res.status} without a message: ${text.slice(0, 200)}`);
  // The OpenAI-compatible API answers in OpenAI's error shape, which its clients read.
  const shaped = what.includes("/v1/")
    ? typeof type === "string"
    : typeof code === "string" && typeof requestId === "string";
  if (!shaped) throw new Error(`${what} → ${res.status} without the error shape: ${text.slice(0, 200)}`);
  if (LEAK.test(message)) throw new Error(`${what} → ${res.status} leaks: ${message.slice(0, 300)}`);
}

function send(method: string, path: string, body: string | FormData | undefined, contentType?: string) {
  return t.request(path, {
    method,
    // The OpenAI-compatible API takes a personal API key, the rest the session.
    token: path.startsWith("/v1/") ? apiKey : token,
    body,
    headers: contentType ? { "content-type": contentType } : {},
  });
}

const ASSISTANT_SETTINGS = {
  model: "tessera-local",
  temperature: 0.7,
  maxTokens: 1000,
  personality: "friendly",
  responseStyle: "concise",
  language: "en",
};

interface Target {
  route: string;
  path: () => string;
  valid: () => Record<string, unknown>;
  /** Fewer mutated runs where an accepted body does slow work (speech, pictures, answers). */
  runs?: number;
}

/** Every JSON body the API validates, each with a body it accepts. */
const TARGETS: Target[] = [
  { route: "PATCH /api/profile", path: () => "/api/profile", valid: () => ({ fullName: "Fuzz Person" }) },
  {
    route: "POST /api/chat-stream",
    path: () => "/api/chat-stream",
    valid: () => ({ message: "Hello", model: "tessera-local" }),
    runs: 12,
  },
  {
    route: "POST /api/chat-stream",
    path: () => "/api/chat-stream",
    // The ids chat reads from a body, each naming nothing: the answer is a 404 until mutated.
    valid: () => ({ message: "Hello", model: "tessera-local", images: [{ id: crypto.randomUUID() }] }),
  },
  {
    route: "POST /api/chat-stream",
    path: () => "/api/chat-stream",
    valid: () => ({
      message: "Hello",
      model: "tessera-local",
      conversationId: crypto.randomUUID(),
      assistantId: crypto.randomUUID(),
    }),
  },
  {
    route: "POST /api/chat-stream",
    path: () => "/api/chat-stream",
    valid: () => ({ comparison: true, comparisonId: crypto.randomUUID(), responseId: crypto.randomUUID() }),
  },
  {
    route: "POST /api/chat-stream/regenerate",
    path: () => "/api/chat-stream/regenerate",
    // Names no answer of the caller's: a 404 until mutated into a 400.
    valid: () => ({ messageId: crypto.randomUUID(), model: "tessera-local" }),
  },
  {
    route: "POST /api/chat-stream/stop",
    path: () => "/api/chat-stream/stop",
    // Names no answer of the caller's: a 404 until mutated into a 400.
    valid: () => ({ messageId: crypto.randomUUID() }),
  },
  {
    route: "POST /api/chat-stream/tool-approval",
    path: () => "/api/chat-stream/tool-approval",
    // Names no call waiting for the caller: a 404 until mutated into a 400.
    valid: () => ({ messageId: crypto.randomUUID(), toolCallId: "call_1", approve: true }),
  },
  {
    route: "POST /api/documents",
    path: () => "/api/documents",
    valid: () => ({ title: "Notes", content: "Some text to keep." }),
  },
  {
    route: "POST /api/documents/from-url",
    path: () => "/api/documents/from-url",
    // A private address, refused by the guarded client: nothing leaves the machine.
    valid: () => ({ url: "http://127.0.0.1:9/page", title: "Page" }),
  },
  {
    route: "POST /api/knowledge/search",
    path: () => "/api/knowledge/search",
    valid: () => ({ query: "how tides work", limit: 3 }),
  },
  {
    route: "POST /api/knowledge/collections",
    path: () => "/api/knowledge/collections",
    valid: () => ({ name: "Handbook", description: "How we work" }),
  },
  {
    route: "PATCH /api/knowledge/collections/:id",
    path: () => `/api/knowledge/collections/${ids.collection}`,
    valid: () => ({ name: "Renamed" }),
  },
  {
    route: "POST /api/knowledge/collections/:id/documents",
    path: () => `/api/knowledge/collections/${ids.collection}/documents`,
    valid: () => ({ title: "Notes", content: "Some text to keep." }),
  },
  {
    route: "POST /api/knowledge/collections/:id/documents/from-url",
    path: () => `/api/knowledge/collections/${ids.collection}/documents/from-url`,
    // A private address, refused by the guarded client: nothing leaves the machine.
    valid: () => ({ url: "http://127.0.0.1:9/page", title: "Page" }),
  },
  {
    route: "POST /api/prompts",
    path: () => "/api/prompts",
    valid: () => ({ title: "T", content: "C", category: "writing", tags: ["a"], isPublic: false }),
  },
  {
    route: "PATCH /api/conversations/:id",
    path: () => `/api/conversations/${ids.conversation}`,
    valid: () => ({ title: "Renamed" }),
  },
  {
    route: "PATCH /api/conversations/:id/organize",
    path: () => `/api/conversations/${ids.conversation}/organize`,
    valid: () => ({ pinned: true }),
  },
  {
    route: "PATCH /api/conversations/:id/branch",
    path: () => `/api/conversations/${ids.conversation}/branch`,
    // Names no message of the conversation: a 404 until mutated into a 400.
    valid: () => ({ messageId: crypto.randomUUID() }),
  },
  {
    route: "POST /api/conversations/:id/share",
    path: () => `/api/conversations/${ids.conversation}/share`,
    valid: () => ({ includeAttachments: false }),
  },
  {
    // Each accepted body makes a folder: few runs, well under the most one may have.
    route: "POST /api/conversation-folders",
    path: () => "/api/conversation-folders",
    valid: () => ({ name: "Fuzz folder" }),
    runs: 20,
  },
  {
    route: "PATCH /api/conversation-folders/:id",
    path: () => `/api/conversation-folders/${ids.folder}`,
    valid: () => ({ name: "Renamed folder" }),
  },
  {
    route: "PATCH /api/prompts/:id",
    path: () => `/api/prompts/${ids.prompt}`,
    valid: () => ({ title: "Renamed", description: "d" }),
  },
  {
    route: "POST /api/assistants",
    path: () => "/api/assistants",
    valid: () => ({
      name: "Helper",
      systemPrompt: "Be brief.",
      settings: { ...ASSISTANT_SETTINGS },
      knowledgeBase: { documents: [], websites: ["https://example.com/"], instructions: "Cite." },
    }),
  },
  {
    route: "PATCH /api/assistants/:id",
    path: () => `/api/assistants/${ids.assistant}`,
    valid: () => ({ name: "Renamed", settings: { ...ASSISTANT_SETTINGS } }),
  },
  {
    route: "POST /api/jigsaw-search",
    path: () => "/api/jigsaw-search",
    valid: () => ({ query: "tessera", options: { safe_search: "moderate", ai_overview: false } }),
  },
  { route: "POST /api/ai-search", path: () => "/api/ai-search", valid: () => ({ query: "tessera" }) },
  {
    route: "POST /api/billing/checkout",
    path: () => "/api/billing/checkout",
    valid: () => ({ plan: "pro" }),
  },
  {
    route: "PUT /api/admin/plans",
    path: () => "/api/admin/plans",
    valid: () => ({ email: "fuzz@example.com", plan: "team", validUntil: null }),
  },
  {
    route: "POST /api/comparisons",
    path: () => "/api/comparisons",
    valid: () => ({ prompt: "Which?", models: ["tessera-local"], blind: false }),
  },
  {
    route: "PUT /api/comparisons/:id/responses/:responseId/rating",
    path: () => `/api/comparisons/${crypto.randomUUID()}/responses/${crypto.randomUUID()}/rating`,
    valid: () => ({ rating: 3 }),
  },
  {
    route: "POST /api/track-event",
    path: () => "/api/track-event",
    valid: () => ({ event_name: "page_view", properties: { page_path: "/dashboard", session_id: "s1" } }),
  },
  // Connections point at a port nothing listens on: a test call before saving fails at once.
  {
    route: "POST /api/admin/connections",
    path: () => "/api/admin/connections",
    valid: () => ({
      kind: "openai-compatible",
      name: "Fuzz",
      baseUrl: "http://127.0.0.1:9/v1",
      verify: false,
    }),
  },
  {
    route: "PATCH /api/admin/connections/:id",
    path: () => `/api/admin/connections/${ids.connection}`,
    valid: () => ({ name: "Fuzz renamed", options: { models: ["m1"] }, verify: false }),
  },
  // The embedding model: retrieval by meaning is off here (409), and the test sentence finds nothing
  // listening on the connection's port.
  {
    route: "PUT /api/admin/embeddings",
    path: () => "/api/admin/embeddings",
    valid: () => ({ source: "builtin" }),
  },
  {
    route: "POST /api/admin/embeddings/test",
    path: () => "/api/admin/embeddings/test",
    valid: () => ({ connectionId: ids.connection, model: "nomic-embed-text" }),
  },
  // A file the models folder does not hold: read, found missing, nothing downloaded.
  {
    route: "POST /api/admin/local-models",
    path: () => "/api/admin/local-models",
    valid: () => ({ path: "fuzz/missing.gguf" }),
  },
  {
    route: "POST /api/admin/models",
    path: () => "/api/admin/models",
    valid: () => ({
      connectionId: ids.connection,
      upstream: "fuzz-model",
      name: "Fuzz",
      group: "open-source",
    }),
  },
  {
    route: "PATCH /api/admin/models/:modelId",
    path: () => "/api/admin/models/grok-4",
    valid: () => ({ enabled: false }),
  },
  { route: "POST /api/api-keys", path: () => "/api/api-keys", valid: () => ({ name: "Fuzz key" }) },
  {
    route: "POST /v1/chat/completions",
    path: () => "/v1/chat/completions",
    valid: () => ({
      model: "tessera-local",
      messages: [{ role: "user", content: "Hello" }],
      max_tokens: 50,
      temperature: 0.5,
    }),
    runs: 12,
  },
  {
    route: "POST /api/changelog",
    path: () => "/api/changelog",
    valid: () => ({ version: "1.2.3", title: "Release", description: "Notes." }),
  },
  // The admin console acts on another person; deleting names nobody, so nobody is deleted.
  {
    route: "POST /api/admin/users/:id/ban",
    path: () => `/api/admin/users/${ids.other}/ban`,
    valid: () => ({ reason: "Fuzzing", until: new Date(Date.now() + 86_400_000).toISOString() }),
  },
  {
    route: "PUT /api/admin/users/:id/role",
    path: () => `/api/admin/users/${ids.other}/role`,
    valid: () => ({ role: "user" }),
  },
  {
    route: "PUT /api/admin/users/:id/plan",
    path: () => `/api/admin/users/${ids.other}/plan`,
    valid: () => ({ plan: "pro", validUntil: null }),
  },
  {
    route: "DELETE /api/admin/users/:id",
    path: () => `/api/admin/users/${crypto.randomUUID()}`,
    valid: () => ({ confirmEmail: "nobody@example.com" }),
  },
  {
    route: "PUT /api/admin/budgets",
    path: () => "/api/admin/budgets",
    valid: () => ({ scope: "user", id: ids.other, monthlyTokens: 1_000_000, monthlyCostUsd: 50 }),
  },
  {
    route: "PATCH /api/admin/settings",
    path: () => "/api/admin/settings",
    valid: () => ({
      registration: "open",
      allowedDomains: ["example.com"],
      defaultPlan: "core",
      instanceName: "Fuzz",
    }),
  },
  {
    route: "PUT /api/admin/sso",
    path: () => "/api/admin/sso",
    // A loopback issuer is refused before any request (no OUTBOUND_ALLOW_PRIVATE here): a clear 400.
    valid: () => ({
      issuer: "http://127.0.0.1:9/realms/staff",
      clientId: "tessera",
      clientSecret: "fuzz-secret",
      buttonLabel: "Sign in with Fuzz",
      allowedDomains: ["example.com"],
      joinTeamByDomain: true,
      adminClaim: "groups",
      adminClaimValue: "tessera-admins",
    }),
  },
  { route: "POST /api/teams", path: () => "/api/teams", valid: () => ({ name: "Another team" }) },
  {
    route: "PATCH /api/teams/:teamId",
    path: () => `/api/teams/${ids.team}`,
    valid: () => ({ name: "Fuzz Co", slug: "fuzz-co", allowedDomains: "example.com" }),
  },
  {
    route: "POST /api/teams/:teamId/invitations",
    path: () => `/api/teams/${ids.team}/invitations`,
    valid: () => ({ email: "invitee@example.com", role: "member" }),
  },
  {
    route: "PATCH /api/teams/:teamId/members/:userId",
    path: () => `/api/teams/${ids.team}/members/${ids.self}`,
    valid: () => ({ role: "owner" }),
  },
  {
    route: "POST /api/image-generation",
    path: () => "/api/image-generation",
    valid: () => ({ prompt: "a fox", aspect_ratio: "1:1" }),
    runs: 12,
  },
  {
    route: "POST /api/text-to-voice",
    path: () => "/api/text-to-voice",
    valid: () => ({ text: "Hi.", voice: "alloy", fileName: "hi.mp3" }),
    runs: 6,
  },
];

const UPLOADS = [
  "/api/chat-images",
  "/api/attachments/extract",
  "/api/documents/upload",
  "/api/transcribe-audio",
];

const lengths = [
  63, 64, 65, 80, 81, 120, 121, 200, 201, 500, 501, 2000, 2001, 2049, 5001, 10_001, 20_001, 100_001,
];
const deep = (n: number): unknown => (n === 0 ? "bottom" : { a: deep(n - 1) });
/** Values that sit on or just past an edge. */
const BOUNDARY: unknown[] = [
  "",
  "a",
  " ",
  "   \t\n ",
  ...lengths.map((n) => "x".repeat(n)),
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff",
  "a\ud83dz",
  "🧩".repeat(300),
  "e\u0301\u0301\u0301",
  "\u202eevil",
  "<script>alert(1)</script>",
  '\'; drop table "user"; --',
  "%00%ff",
  "../../etc/passwd",
  "NaN",
  "Infinity",
  "-0",
  "1e308",
  "0x1F",
  "null",
  "true",
  "2026-13-45T99:99:99Z",
  "2026-02-30T00:00:00Z",
  "0000-01-01T00:00:00Z",
  "1970-01-01T00:00:00+14:00",
  "9999-12-31T23:59:59.999Z",
  " 3.25.0 ",
  "not-a-uuid",
  "00000000-0000-0000-0000-000000000000",
  0,
  -0,
  1,
  -1,
  0.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  1e308,
  -1e308,
  5e-324,
  null,
  true,
  false,
  [],
  {},
  [null],
  ["a", 1, null],
  { $gt: "" },
  Array.from({ length: 2000 }, (_, i) => i),
  deep(64),
];

const nasty = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...BOUNDARY) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 300 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
);

/** The paths of a body down to its leaves (array items by index), plus keys it should not have. */
function keysOf(value: unknown, prefix = ""): string[] {
  const keys = prefix ? [] : ["extra", "__proto__", "constructor"];
  if (!value || typeof value !== "object") return keys;
  for (const [k, v] of Object.entries(value)) {
    keys.push(`${prefix}${k}`, ...keysOf(v, `${prefix}${k}.`));
  }
  return keys;
}

function setPath(body: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.split(".");
  let target: Record<string, unknown> = body;
  for (const part of parts.slice(0, -1)) {
    const child = target[part];
    if (!child || typeof child !== "object") return;
    target = child as Record<string, unknown>;
  }
  const key = parts.at(-1)!;
  if (value === DELETE) delete target[key];
  // An own property even for "__proto__", so it reaches the server as a key.
  else Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
}

const methodAndPath = (target: Target) => target.route.split(" ")[0]!;

beforeAll(async () => {
  t = await createTestApp();
  // The first account is the instance admin; on Team every feature is open, so bodies reach validation.
  token = await t.newUser("fuzz@example.com");
  await t.setPlan("fuzz@example.com", "team");
  const json = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return (await res.json()) as { id: string; userId?: string };
  };
  ids.team = (
    await json(await t.request("/api/teams", { method: "POST", token, json: { name: "Fuzz" } }))
  ).id;
  ids.connection = (
    await json(
      await t.request("/api/admin/connections", {
        method: "POST",
        token,
        json: { kind: "openai-compatible", name: "Fuzz", baseUrl: "http://127.0.0.1:9/v1", verify: false },
      }),
    )
  ).id;
  apiKey = (
    (await (await t.request("/api/api-keys", { method: "POST", token, json: { name: "Fuzz" } })).json()) as {
      key: string;
    }
  ).key;
  ids.prompt = (
    await json(
      await t.request("/api/prompts", {
        method: "POST",
        token,
        json: { title: "Mine", content: "Text", category: "writing" },
      }),
    )
  ).id;
  const assistant = await json(
    await t.request("/api/assistants", {
      method: "POST",
      token,
      json: { name: "Mine", systemPrompt: "Be brief.", settings: ASSISTANT_SETTINGS },
    }),
  );
  ids.assistant = assistant.id;
  ids.self = assistant.userId!;
  const chat = await t.request("/api/chat-stream", {
    method: "POST",
    token,
    json: { message: "Hello", model: "tessera-local" },
  });
  ids.conversation = String((await readSse(chat))[0]!.conversationId);
  ids.collection = (
    (await (
      await t.request("/api/knowledge/collections", { method: "POST", token, json: { name: "Fuzz" } })
    ).json()) as { id: string }
  ).id;
  ids.folder = (
    (await (
      await t.request("/api/conversation-folders", { method: "POST", token, json: { name: "Fuzz" } })
    ).json()) as { id: string }
  ).id;
  const ctx = await t.services.auth.$context;
  ids.other = (
    await ctx.internalAdapter.createUser(
      { email: "other@example.com", name: "Other", emailVerified: true },
      { method: "admin" },
    )
  ).id;
  const dictation = (await (await t.request("/api/transcribe-audio/status", { token })).json()) as {
    available: boolean;
  };
  if (!dictation.available) unavailable.add("/api/transcribe-audio");
});
afterAll(() => t.close());

describe("fuzzing JSON bodies", () => {
  it("covers every body the API documents", () => {
    const fuzzed = new Set(TARGETS.map((x) => x.route));
    const documented = OPERATIONS.filter((op) => op.body).map(
      (op) => `${op.method.toUpperCase()} ${op.path.replace(/\{(\w+)\}/g, ":$1")}`,
    );
    expect(documented.filter((route) => !fuzzed.has(route))).toEqual([]);
    for (const target of TARGETS) expect(ROUTE_AUTH, target.route).toHaveProperty([target.route]);
  });

  it.each(TARGETS.map((x) => [x.route, x] as const))(
    "%s: the known-good body is accepted",
    async (_r, target) => {
      const res = await send(
        methodAndPath(target),
        target.path(),
        JSON.stringify(target.valid()),
        "application/json",
      );
      await expectHandled(res, target.route);
    },
  );

  it.each(TARGETS.map((x) => [x.route, x] as const))("%s: malformed bodies", async (_r, target) => {
    const method = methodAndPath(target);
    const raw: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      ["", "application/json"],
      ["{", "application/json"],
      ['{"a":', "application/json"],
      ["null", "application/json"],
      ["[]", "application/json"],
      ['"text"', "application/json"],
      ["0", "application/json"],
      ["\u0000", "application/json"],
      ["\ufeff" + JSON.stringify(target.valid()), "application/json"],
      ["[".repeat(50_000) + "]".repeat(50_000), "application/json"],
      ['{"a":'.repeat(5_000) + "1" + "}".repeat(5_000), "application/json"],
      [JSON.stringify(target.valid()), "text/plain"],
      [JSON.stringify(target.valid()), "application/json; charset=utf-16"],
      ["a=1&b=2", "application/x-www-form-urlencoded"],
    ];
    for (const [body, type] of raw)
      await expectHandled(
        await send(method, target.path(), body, type),
        `${target.route} ${body?.slice(0, 20)}`,
      );
    const bytes = new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]);
    await expectHandled(
      await t.request(target.path(), {
        method,
        token,
        body: bytes,
        headers: { "content-type": "application/json" },
      }),
      `${target.route} invalid UTF-8`,
    );
  });

  /** Sharp values every field of every body meets at least once, whatever the random runs pick. */
  const SWEEP: unknown[] = [
    "",
    "not-a-uuid",
    "\ud800",
    "x".repeat(100_001),
    "0000-01-01T00:00:00Z",
    -1,
    2 ** 31,
    1e308,
    null,
    [],
    {},
    DELETE,
  ];
  it.each(TARGETS.filter((x) => x.runs === undefined).map((x) => [x.route, x] as const))(
    "%s: each field meets each sharp value",
    async (_r, target) => {
      for (const key of keysOf(target.valid()))
        for (const value of SWEEP) {
          const body = target.valid();
          setPath(body, key, value);
          await expectHandled(
            await send(methodAndPath(target), target.path(), JSON.stringify(body), "application/json"),
            `${target.route} ${key}=${String(value).slice(0, 40)}`,
          );
        }
    },
  );

  it.each(TARGETS.map((x) => [x.route, x] as const))("%s: random JSON", async (_r, target) => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.anything({ maxDepth: 3 })),
        async (value) => {
          const body = JSON.stringify(value) ?? "null";
          await expectHandled(
            await send(methodAndPath(target), target.path(), body, "application/json"),
            target.route,
          );
        },
      ),
      { seed: SEED, numRuns: RUNS.random },
    );
  });

  it.each(TARGETS.map((x) => [x.route, x] as const))(
    "%s: the good body with edge values",
    async (_r, target) => {
      const keys = keysOf(target.valid());
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.constantFrom(...keys), fc.oneof(nasty, fc.constant(DELETE))), {
            minLength: 1,
            maxLength: 3,
          }),
          async (changes) => {
            const body = target.valid();
            for (const [key, value] of changes) setPath(body, key, value);
            await expectHandled(
              await send(methodAndPath(target), target.path(), JSON.stringify(body), "application/json"),
              `${target.route} ${JSON.stringify(body).slice(0, 200)}`,
            );
          },
        ),
        { seed: SEED, numRuns: target.runs ?? RUNS.mutated },
      );
    },
  );
});

describe("fuzzing uploads", () => {
  const MAGIC: number[][] = [
    [],
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    [0xff, 0xd8, 0xff],
    [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
    [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a],
    [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45],
    [0x4f, 0x67, 0x67, 0x53],
    [0x1a, 0x45, 0xdf, 0xa3],
    [0x49, 0x44, 0x33],
  ];
  const upload = fc.record({
    magic: fc.constantFrom(...MAGIC),
    bytes: fc.uint8Array({ maxLength: 2048 }),
    name: fc.oneof(
      fc.string({ unit: "binary", maxLength: 80 }),
      fc.constantFrom("", ".", "../x.pdf", "a\u0000.png"),
    ),
    type: fc.constantFrom("", "image/png", "application/pdf", "audio/webm", "text/plain", "x/\u0000"),
    field: fc.constantFrom("file", "file", "image", ""),
    title: fc.option(fc.string({ unit: "binary", maxLength: 300 })),
  });

  it.each(UPLOADS)("%s: random files", async (path) => {
    await fc.assert(
      fc.asyncProperty(upload, async ({ magic, bytes, name, type, field, title }) => {
        const form = new FormData();
        form.append(field, new File([new Uint8Array([...magic, ...bytes])], name, { type }));
        if (title !== null) form.append("title", title);
        await expectHandled(
          await send("POST", path, form),
          `${path} ${JSON.stringify(name)} ${magic.length}+${bytes.length}`,
        );
      }),
      { seed: SEED, numRuns: RUNS.upload },
    );
  });

  it.each(UPLOADS)("%s: edge text in the file, its name and the title", async (path) => {
    const edges = ["", "a\u0000b", "\ud800", "\u202e", "x".repeat(5_000), "../../secrets.json", "CON", "🧩"];
    for (const edge of edges) {
      const form = new FormData();
      form.append("file", new File([`hello ${edge} world`], `${edge}.txt`, { type: "text/plain" }));
      form.append("title", edge);
      await expectHandled(await send("POST", path, form), `${path} ${JSON.stringify(edge.slice(0, 20))}`);
    }
  });

  it.each(UPLOADS)("%s: bodies that are not forms", async (path) => {
    for (const [body, type] of [
      [undefined, undefined],
      ["{}", "application/json"],
      ['--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc', "multipart/form-data; boundary=x"],
      ["garbage", "multipart/form-data"],
      ["garbage", "multipart/form-data; boundary="],
    ] as const)
      await expectHandled(await send("POST", path, body, type), `${path} ${type}`);
  });
});

describe("fuzzing query strings and ids", () => {
  const query = fc.dictionary(
    fc.oneof(
      fc.constantFrom("limit", "category", "q", "url", "download", "page"),
      fc.string({ maxLength: 12 }),
    ),
    fc.oneof(
      fc.constantFrom(...BOUNDARY.filter((v): v is string => typeof v === "string" && v.length < 3000)),
      fc.string({ unit: "binary", maxLength: 50 }),
      fc.integer().map(String),
      fc.double().map(String),
    ),
    { maxKeys: 4 },
  );
  const gets = Object.keys(ROUTE_AUTH)
    .filter((key) => key.startsWith("GET /api/") && !key.includes("*") && !key.includes(":"))
    .map((key) => key.slice(4));

  it("answers every GET route's random query string", async () => {
    expect(gets.length).toBeGreaterThan(20);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...gets), query, async (path, params) => {
        // The image proxy would fetch any valid address: it gets only what cannot be one.
        if (path === "/api/image-proxy" && /^https?:/i.test(params.url ?? "")) return;
        const search = new URLSearchParams(params).toString();
        await expectHandled(await send("GET", `${path}?${search}`, undefined), `${path}?${search}`);
      }),
      { seed: SEED, numRuns: RUNS.query * 3 },
    );
  });

  it("answers every GET route's edge values in the query keys it reads", async () => {
    const edges = ["\u0000", "a\u0000b", "\ud800", "x".repeat(5_000), "1e308", "-0", "NaN", "", "[]"];
    for (const path of gets)
      for (const value of edges) {
        const search = new URLSearchParams(
          Object.fromEntries(["q", "category", "limit", "download", "url", "page"].map((k) => [k, value])),
        ).toString();
        await expectHandled(
          await send("GET", `${path}?${search}`, undefined),
          `${path}?${search.slice(0, 60)}`,
        );
      }
  });

  it("answers every route under every method", async () => {
    const paths = new Set(
      Object.keys(ROUTE_AUTH)
        .filter((key) => !key.startsWith("ALL "))
        .map((key) => key.split(" ")[1]!.replace(/:\w+/g, crypto.randomUUID()).replace(/\*$/, "x/y.png")),
    );
    for (const path of paths)
      for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
        const body = method === "GET" || method === "HEAD" ? undefined : "{}";
        const res = await send(method, path, body, body && "application/json");
        if (method === "HEAD") expect(res.status, `HEAD ${path}`).toBeLessThan(500);
        else await expectHandled(res, `${path} ${method}`);
      }
  });

  const idRoutes = Object.keys(ROUTE_AUTH).filter((key) => key.includes("/:"));
  const badId = fc.oneof(
    fc.string({ unit: "binary", minLength: 1, maxLength: 60 }).map(encodeURIComponent),
    fc.constantFrom(
      "not-a-uuid",
      "00000000-0000-0000-0000-00000000000g",
      "00000000-0000-0000-0000-0000000000000",
      "%00",
      "%E0%A4%A",
      "%",
      "%25",
      "..",
      "%2e%2e",
      "a%2Fb",
      "x".repeat(5_000),
      "1e308",
      "-1",
      "null",
    ),
  );

  it.each(idRoutes)("%s: ids that are not ids", async (route) => {
    const [method, pattern] = route.split(" ") as [string, string];
    const target = TARGETS.find((x) => x.route === route);
    const body = method === "GET" ? undefined : JSON.stringify(target?.valid() ?? {});
    await fc.assert(
      fc.asyncProperty(badId, async (id) => {
        const path = pattern.replace(/:\w+/g, id);
        const res = await send(method, path, body, body ? "application/json" : undefined);
        if (res.status < 400) throw new Error(`${method} ${path} → ${res.status}`);
        await expectHandled(res, `${method} ${path.slice(0, 120)}`);
      }),
      { seed: SEED, numRuns: RUNS.ids },
    );
  });

  it("answers stored-file addresses that name nothing, or nothing decodable", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          badId,
          fc.constantFrom(
            "%E0%A4%A",
            "%",
            "images/%ZZ.png",
            "..%2F..%2Fsecrets.json",
            "secrets.json",
            "a/b/../../c.png",
          ),
        ),
        async (key) => {
          const res = await send("GET", `/files/${key}`, undefined);
          expect(res.status, key).toBe(404);
          await expectHandled(res, `/files/${key.slice(0, 80)}`);
        },
      ),
      { seed: SEED, numRuns: RUNS.query },
    );
  });
});
