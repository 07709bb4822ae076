import { AUTH_STORAGE_KEY } from "@tessera/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { apiError, json, liveSse, stubFetch } from "@/testing/fetch-stub";
import { storeSession } from "@/testing/session";
import { ApiError, apiRequest, apiStream, fileNameOf, onUnauthorized } from "./api-client";

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

  it("reports an unreachable server as a network error", async () => {
    stubFetch({ "GET /api/things": () => Promise.reject(new TypeError("Failed to fetch")) });
    const error = await apiRequest("/api/things").catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: "NETWORK_ERROR", isNetworkError: true });
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

describe("fileNameOf", () => {
  it("reads the UTF-8 name first, then the plain one, and nothing from nothing", () => {
    expect(fileNameOf(`attachment; filename="caf_.md"; filename*=UTF-8''caf%C3%A9.md`)).toBe("café.md");
    expect(fileNameOf(`attachment; filename="notes.md"`)).toBe("notes.md");
    expect(fileNameOf(`attachment; filename="plain.md"; filename*=UTF-8''bad%E0%A4%A.md`)).toBe("plain.md");
    expect(fileNameOf("attachment")).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
