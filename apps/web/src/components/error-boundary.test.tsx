import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { featureHealth, resetFeatureHealth } from "@/lib/feature-health";
import { categorizeError, FeatureErrorBoundary, MAX_RETRIES_TEXT } from "./error-boundary";

let failure: Error | null = null;
function Fragile() {
  if (failure) throw failure;
  return <p>All good</p>;
}

describe("feature error boundary", () => {
  beforeEach(() => {
    resetFeatureHealth();
    // React reports every caught render error on the console; here they are the point of the test.
    vi.mocked(console.error).mockImplementation(() => {});
  });
  afterEach(() => {
    failure = null;
  });

  it("names the kind of failure", () => {
    expect(categorizeError(new ApiError(0, "NETWORK_ERROR", "x"))).toBe("network");
    expect(categorizeError(new ApiError(0, "TIMEOUT", "x"))).toBe("timeout");
    expect(categorizeError(new ApiError(503, "UNAVAILABLE", "x"))).toBe("server");
    expect(categorizeError(new TypeError("Failed to fetch"))).toBe("network");
    expect(categorizeError(new Error("Request timed out"))).toBe("timeout");
    expect(categorizeError(new Error("Internal server error"))).toBe("server");
    expect(categorizeError(new Error("undefined is not a function"))).toBe("unknown");
  });

  it("retries up to 3 times, 1 s apart, then asks for a refresh; the feature is then disabled", async () => {
    const user = userEvent.setup();
    failure = new TypeError("Failed to fetch");
    render(
      <FeatureErrorBoundary feature="chat">
        <Fragile />
      </FeatureErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Connection Issue" })).toBeTruthy();
    for (let retry = 1; retry <= 2; retry++) {
      await user.click(screen.getByRole("button", { name: "Try Again" }));
      expect(screen.getByRole("button", { name: "Retrying..." })).toHaveProperty("disabled", true);
      expect(await screen.findByText(`${retry} of 3 retries used`, {}, { timeout: 2000 })).toBeTruthy();
    }
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByText(MAX_RETRIES_TEXT, {}, { timeout: 2000 })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Try Again" })).toBeNull();
    expect(featureHealth("chat")).toBe("disabled");
  });

  it("shows the children again when a retry succeeds", async () => {
    const user = userEvent.setup();
    failure = new Error("Something odd");
    render(
      <FeatureErrorBoundary feature="search">
        <Fragile />
      </FeatureErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Something Went Wrong" })).toBeTruthy();
    expect(featureHealth("search")).toBe("degraded");
    failure = null;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByText("All good", {}, { timeout: 2000 })).toBeTruthy();
    expect(featureHealth("search")).toBe("healthy");
  });

  it("reloads the page on Try Again when the feature's code failed to arrive", async () => {
    const user = userEvent.setup();
    const reload = vi.spyOn(window.location, "reload").mockImplementation(() => {});
    failure = new TypeError("Failed to fetch dynamically imported module: http://x/assets/dialog-1.js");
    render(
      <FeatureErrorBoundary feature="chat">
        <Fragile />
      </FeatureErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Connection Issue" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(reload).toHaveBeenCalledTimes(1);
    reload.mockRestore();
  });
});
