// A stand-in for the server: routes like "POST /api/auth/sign-in/email" answer real-shaped JSON.
// Anything not routed is refused at once (501 UNROUTED_IN_TEST) instead of hanging.
import type { PublicConfig } from "@tessera/contracts";
import { vi } from "vitest";

export interface StubRequest {
  method: string;
  path: string;
  /** The query string's parameters (routes match on the path alone). */
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
  /** A multipart upload's form, as sent. */
  form: FormData | undefined;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | undefined;
}

type Handler = (request: StubRequest) => Response | Promise<Response>;

export function json(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { "content-type": "application/json", ...init.headers },
  });
}

export function apiError(status: number, code: string, message: string): Response {
  return json({ error: { code, message, requestId: "req-test" } }, { status });
}

/**
 * This instance as the stub describes it: no social sign-in, plans enforced but no checkout (as the
 * tests written before billing could be off expect), no web search provider, open sign-up, no name,
 * no company sign-in.
 */
export const STUB_PUBLIC_CONFIG: PublicConfig = {
  version: "9.9.9",
  socialProviders: [],
  billing: { mode: "on", checkout: false, salesEmail: "sales@tessera.test" },
  webSearch: false,
  mailConfigured: true,
  instanceName: null,
  registration: "open",
  sso: null,
};

/**
 * The answers every page needs unless a test says otherwise: no session, no social providers, and
 * for the chat (where signing in lands) no models listed and no conversations yet.
 */
/** GET /api/profile of an account that chose `language` (null: none, the browser's). */
export const profileIn = (language: string | null) =>
  json({
    id: "p1",
    userId: "u1",
    email: "ada@example.com",
    fullName: "Ada Lovelace",
    avatarUrl: null,
    avatarSrc: null,
    role: "user",
    twoFactorEnabled: false,
    language,
  });

export const defaultRoutes: Record<string, Handler> = {
  "GET /api/auth/get-session": () => json(null),
  "GET /api/public/config": () => json(STUB_PUBLIC_CONFIG),
  "GET /api/models": () => json({ groups: [] }),
  "GET /api/conversations": () => json([]),
  // The signed-in frame reads the account's language once a visit (none chosen: the browser's).
  "GET /api/profile": () => profileIn(null),
  // A person on Max (set by an admin): nothing is locked unless a test says otherwise.
  "GET /api/subscription": () =>
    json({
      plan: "max",
      source: "admin",
      validUntil: null,
      trialAvailable: true,
      checkout: false,
      billing: "on",
      usage: { imagesThisMonth: 0, imagesPerMonth: 500 },
      budget: null,
    }),
  "POST /api/check-subscription": () => json({ subscribed: true, tier: "Max", validUntil: null }),
  "POST /api/check-team-access": () => json({ team_access: [], has_team_features: false }),
};

export function stubFetch(routes: Record<string, Handler> = {}) {
  const all = { ...defaultRoutes, ...routes };
  const calls: StubRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
      "http://localhost",
    );
    const request: StubRequest = {
      method: (init.method ?? "GET").toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === "string" ? (JSON.parse(init.body) as unknown) : undefined,
      form: init.body instanceof FormData ? init.body : undefined,
      credentials: init.credentials,
      signal: init.signal ?? undefined,
    };
    calls.push(request);
    const handler = all[`${request.method} ${request.path}`];
    // A refusal the API client does not try again (a thrown error would read as a lost connection).
    if (!handler)
      return apiError(
        501,
        "UNROUTED_IN_TEST",
        `Unexpected request in test: ${request.method} ${request.path}`,
      );
    return handler(request);
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    /** The requests made to one route, in order. */
    callsTo: (route: string) => calls.filter((c) => `${c.method} ${c.path}` === route),
  };
}

/** A response that never arrives (for loading states). */
export const pending: Handler = () => new Promise<Response>(() => {});

const encoder = new TextEncoder();
const frame = (event: unknown) => encoder.encode(`data: ${JSON.stringify(event)}\n\n`);

/** A complete text/event-stream answer: a heartbeat, then each event as a `data:` line. */
export function sse(events: unknown[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(": ping\n\n"));
      for (const event of events) controller.enqueue(frame(event));
      controller.close();
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
}

/** An event stream the test feeds by hand (for Stop, and for what shows while text arrives). */
export function liveSse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    handler: (() => new Response(body, { headers: { "content-type": "text/event-stream" } })) as Handler,
    push: (event: unknown) => controller.enqueue(frame(event)),
    close: () => controller.close(),
    /** The connection is lost: the body's next read fails with `error`. */
    fail: (error: unknown) => controller.error(error),
  };
}
