import { AUTH_STORAGE_KEY } from "@tessera/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { apiError, json, liveSse, stubFetch } from "@/testing/fetch-stub";
import { storeSession } from "@/testing/session";
import { ApiError, apiRequest, apiStream, errorMessage, fileNameOf, onUnauthorized } from "./api-client";
import { changeLanguage } from "./i18n";

describe("api client", () => {
  afterEach(() => vi.useRealTimers());

  it("sends the stored bearer token and JSON, and validates the answer", async () => {
    storeSession();
    const server = stubFetch({ "POST /api/things": () => json({ id: 1 }) });
    const { data } = await apiRequest("/api/things", {
      method: "POST",
      body: { a: 1 },
      schema: z.object({ id: z.number() }),
    });
    expect(data).toEqual({ id: 1 });
    const call = server.calls[0];
    expect(call?.headers.authorization).toBe("Bearer stored-token");
    expect(call?.headers["content-type"]).toBe("application/json");
    expect(call?.credentials).toBe("omit");
    expect(call?.body).toEqual({ a: 1 });
  });

  it("turns the server's error shape into an ApiError", async () => {
    stubFetch({ "GET /api/things": () => apiError(429, "RATE_LIMITED", "Slow down.") });
    const error = await apiRequest("/api/things").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: "RATE_LIMITED", message: "Slow down." });
  });

  it("reports an unreachable server as a network error, after trying a read three times 1 s then 2 s apart", async () => {
    vi.useFakeTimers();
    const server = stubFetch({ "GET /api/things": () => Promise.reject(new TypeError("Failed to fetch")) });
    const request = apiRequest("/api/things").catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(await request).toMatchObject({
      status: 0,
      code: "NETWORK_ERROR",
      isNetworkError: true,
      attempts: 3,
    });
    expect(server.calls).toHaveLength(3);
  });

  it("reads on when the server comes back, and tries a gateway's 502 / 503 / 504 again", async () => {
    vi.useFakeTimers();
    const answers = [
      () => Promise.reject(new TypeError("Failed to fetch")),
      () => apiError(503, "HTTP_503", "Service Unavailable"),
      () => json({ id: 7 }),
    ];
    const server = stubFetch({ "GET /api/things": () => answers[server.calls.length - 1]!() });
    const request = apiRequest("/api/things", { schema: z.object({ id: z.number() }) });
    await vi.advanceTimersByTimeAsync(3000);
    expect((await request).data).toEqual({ id: 7 });
    expect(server.calls).toHaveLength(3);
  });

  it("waits as long as a busy server's Retry-After asks, up to 10 s", async () => {
    vi.useFakeTimers();
    const busy = (after: string) => {
      const response = apiError(503, "BUSY", "Tessera is busy right now. Try again in a moment.");
      response.headers.set("retry-after", after);
      return response;
    };
    const answers = [() => busy("5"), () => busy("60"), () => json({ ok: true })];
    const server = stubFetch({ "GET /api/things": () => answers[server.calls.length - 1]!() });
    const request = apiRequest("/api/things");
    await vi.advanceTimersByTimeAsync(4999);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(2);
    // A minute is more than a page should sit waiting: the usual 2 s instead.
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.calls).toHaveLength(3);
    expect((await request).data).toEqual({ ok: true });
  });

  it("gives up on a gateway error after three tries, naming the server's last answer", async () => {
    vi.useFakeTimers();
    const server = stubFetch({ "GET /api/things": () => apiError(504, "HTTP_504", "Gateway Timeout") });
    const request = apiRequest("/api/things").catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(3000);
    expect(await request).toMatchObject({ status: 504, message: "Gateway Timeout", attempts: 3 });
    expect(server.calls).toHaveLength(3);
  });

  it("sends a change once: a POST, PATCH or DELETE that failed on the way is not sent again", async () => {
    for (const method of ["POST", "PATCH", "DELETE"] as const) {
      const server = stubFetch({
        [`${method} /api/things`]: () => Promise.reject(new TypeError("Failed to fetch")),
      });
      const error = await apiRequest("/api/things", { method, body: {} }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "NETWORK_ERROR", attempts: 1 });
      expect(server.calls).toHaveLength(1);
    }
    const server = stubFetch({
      "POST /api/things": () => apiError(503, "UNAVAILABLE", "Model unavailable."),
    });
    expect(await apiRequest("/api/things", { method: "POST" }).catch((e: unknown) => e)).toMatchObject({
      status: 503,
      attempts: 1,
    });
    expect(server.calls).toHaveLength(1);
  });

  it("does not try again what the server refused, nor while the browser is offline", async () => {
    let server = stubFetch({ "GET /api/things": () => apiError(500, "INTERNAL", "Something broke.") });
    expect(await apiRequest("/api/things").catch((e: unknown) => e)).toMatchObject({
      status: 500,
      attempts: 1,
    });
    expect(server.calls).toHaveLength(1);

    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    server = stubFetch({ "GET /api/things": () => Promise.reject(new TypeError("Failed to fetch")) });
    expect(await apiRequest("/api/things").catch((e: unknown) => e)).toMatchObject({ code: "NETWORK_ERROR" });
    expect(server.calls).toHaveLength(1);
    vi.restoreAllMocks();
  });

  it("stops waiting to try again as soon as the caller aborts", async () => {
    vi.useFakeTimers();
    const server = stubFetch({ "GET /api/things": () => Promise.reject(new TypeError("Failed to fetch")) });
    const controller = new AbortController();
    const request = apiRequest("/api/things", { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    controller.abort(new DOMException("left", "AbortError"));
    expect(await request).toMatchObject({ name: "AbortError" });
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.calls).toHaveLength(1);
  });

  it("gives up after the timeout", async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
          ),
      ),
    );
    const request = apiRequest("/api/slow", { timeoutMs: 30_000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await request).toMatchObject({ code: "TIMEOUT" });
  });

  it("announces a 401 from our own API, but not from the auth endpoints", async () => {
    storeSession();
    stubFetch({
      "GET /api/profile": () => apiError(401, "UNAUTHORIZED", "Sign in first."),
      "POST /api/auth/sign-in/email": () =>
        apiError(401, "INVALID_EMAIL_OR_PASSWORD", "Invalid email or password"),
    });
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    await apiRequest("/api/auth/sign-in/email", { method: "POST", body: {} }).catch(() => {});
    expect(listener).not.toHaveBeenCalled();
    await apiRequest("/api/profile").catch(() => {});
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).not.toBeNull();
  });

  it("sends a multipart form as it is, without a JSON content type", async () => {
    storeSession();
    const server = stubFetch({ "POST /api/upload": () => json({ ok: true }, { status: 201 }) });
    const form = new FormData();
    form.append("file", new File(["hi"], "a.txt"));
    await apiRequest("/api/upload", { method: "POST", form });
    expect(server.calls[0]?.headers["content-type"]).toBeUndefined();
    expect((server.calls[0]?.form?.get("file") as File).name).toBe("a.txt");
  });

  it("opens a stream whose body stays tied to the caller's signal", async () => {
    storeSession();
    const stream = liveSse();
    const server = stubFetch({ "POST /api/stream": stream.handler });
    const controller = new AbortController();
    const body = await apiStream("/api/stream", { body: { q: 1 }, signal: controller.signal });
    expect(body).toBeInstanceOf(ReadableStream);
    expect(server.calls[0]?.headers.accept).toBe("text/event-stream");
    controller.abort();
    expect(server.calls[0]?.signal?.aborted).toBe(true);
  });

  it("turns a refused stream into an ApiError", async () => {
    stubFetch({ "POST /api/stream": () => apiError(503, "UNAVAILABLE", "Model unavailable.") });
    const error = await apiStream("/api/stream", { body: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, code: "UNAVAILABLE", message: "Model unavailable." });
  });
});

describe("the api client's own words", () => {
  afterEach(() => changeLanguage("en"));

  it("says in German what went wrong when the server could not say it", async () => {
    await changeLanguage("de");
    stubFetch({
      "POST /api/things": () => Promise.reject(new TypeError("Failed to fetch")),
      "GET /api/shape": () => json({ unexpected: true }),
      "GET /api/plain": () => new Response("", { status: 418, statusText: "" }),
    });
    expect(await apiRequest("/api/things", { method: "POST" }).catch((e: unknown) => e)).toMatchObject({
      code: "NETWORK_ERROR",
      message: "Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
    });
    expect(
      await apiRequest("/api/shape", { schema: z.object({ id: z.string() }) }).catch((e: unknown) => e),
    ).toMatchObject({
      code: "BAD_RESPONSE",
      message: "Der Server hat eine Antwort geschickt, die diese Seite nicht versteht.",
    });
    expect(await apiRequest("/api/plain").catch((e: unknown) => e)).toMatchObject({
      code: "HTTP_418",
      message: "Die Anfrage ist fehlgeschlagen.",
    });
    expect(errorMessage(null)).toBe("Etwas ist schiefgelaufen. Versuchen Sie es erneut.");
    // What the server says is the server's: it already answers in the reader's language.
    expect(errorMessage(new ApiError(400, "BAD_REQUEST", "Titel fehlt."))).toBe("Titel fehlt.");
  });
});

describe("fileNameOf", () => {
  it("reads the UTF-8 name first, then the plain one, and nothing from nothing", () => {
    expect(fileNameOf(`attachment; filename="caf_.md"; filename*=UTF-8''caf%C3%A9.md`)).toBe("café.md");
    expect(fileNameOf(`attachment; filename="notes.md"`)).toBe("notes.md");
    expect(fileNameOf(`attachment; filename="plain.md"; filename*=UTF-8''bad%E0%A4%A.md`)).toBe("plain.md");
    expect(fileNameOf("attachment")).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
