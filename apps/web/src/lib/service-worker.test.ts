import { afterEach, describe, expect, it, vi } from "vitest";
import {
  SERVICE_WORKER_URL,
  isCacheUpdatedMessage,
  registerServiceWorker,
  suppressPostMessageOriginNoise,
} from "./service-worker";

describe("service worker messages", () => {
  it("accepts CACHE_UPDATED only from our origin", () => {
    const from = (origin: string, data: unknown) => new MessageEvent("message", { origin, data });
    expect(isCacheUpdatedMessage(from(window.location.origin, { type: "CACHE_UPDATED" }))).toBe(true);
    expect(isCacheUpdatedMessage(from(window.location.origin, "CACHE_UPDATED"))).toBe(true);
    expect(isCacheUpdatedMessage(from("https://elsewhere.invalid", { type: "CACHE_UPDATED" }))).toBe(false);
    expect(isCacheUpdatedMessage(from(window.location.origin, { type: "OTHER" }))).toBe(false);
  });

  it("silences postMessage target-origin mismatch errors, and only those", () => {
    const stop = suppressPostMessageOriginNoise();
    const noise = new ErrorEvent("error", {
      cancelable: true,
      message:
        "Failed to execute 'postMessage' on 'DOMWindow': The target origin provided does not match the recipient window's origin.",
    });
    const real = new ErrorEvent("error", { cancelable: true, message: "TypeError: x is undefined" });
    window.dispatchEvent(noise);
    window.dispatchEvent(real);
    stop();
    expect(noise.defaultPrevented).toBe(true);
    expect(real.defaultPrevented).toBe(false);
  });
});

describe("registering the worker", () => {
  const own = Object.getOwnPropertyDescriptor(navigator, "serviceWorker");
  afterEach(() => {
    if (own) Object.defineProperty(navigator, "serviceWorker", own);
    else Reflect.deleteProperty(navigator, "serviceWorker");
    vi.restoreAllMocks();
  });
  /** A navigator.serviceWorker whose register answers as given. */
  const container = (register: () => Promise<unknown>) => {
    const fake = Object.assign(new EventTarget(), { controller: null, register: vi.fn(register) });
    Object.defineProperty(navigator, "serviceWorker", { configurable: true, value: fake });
    return fake;
  };

  it("registers the versioned worker for the whole origin and answers its registration", async () => {
    const registration = new EventTarget();
    const fake = container(() => Promise.resolve(registration));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await registerServiceWorker(() => undefined, "1.2.3+4")).toBe(registration);
    expect(fake.register).toHaveBeenCalledWith(`${SERVICE_WORKER_URL}?v=1.2.3%2B4`, { scope: "/" });
    expect(warn).not.toHaveBeenCalled();
  });

  it("goes on quietly when the browser blocks workers and answers with no registration", async () => {
    container(() => Promise.resolve(undefined));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await registerServiceWorker(() => undefined, "1")).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it("logs a refused registration and goes on", async () => {
    container(() => Promise.reject(new DOMException("refused", "SecurityError")));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await registerServiceWorker(() => undefined, "1")).toBeNull();
    expect(warn).toHaveBeenCalledWith("service_worker.registration_failed", expect.any(DOMException));
  });
});
