// A stand-in for the server: routes like "POST /api/auth/sign-in/email" answer real-shaped JSON.
// Anything not routed fails the test loudly instead of hanging.
import { vi } from "vitest";

export interface StubRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
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

/** The answers every page needs unless a test says otherwise: no session, no social providers. */
export const defaultRoutes: Record<string, Handler> = {
  "GET /api/auth/get-session": () => json(null),
  "GET /api/public/config": () => json({ version: "9.9.9", socialProviders: [] }),
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
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === "string" ? (JSON.parse(init.body) as unknown) : undefined,
      credentials: init.credentials,
    };
    calls.push(request);
    const handler = all[`${request.method} ${request.path}`];
    if (!handler) throw new Error(`Unexpected request in test: ${request.method} ${request.path}`);
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
