import { describe, expect, it } from "vitest";
import { isCacheUpdatedMessage, suppressPostMessageOriginNoise } from "./service-worker";

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
