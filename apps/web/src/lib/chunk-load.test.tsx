import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import {
  followPendingNavigation,
  isChunkLoadError,
  lazyChunk,
  loadChunk,
  reloadToDestination,
} from "./chunk-load";

const chromium = () => new TypeError("Failed to fetch dynamically imported module: http://x/assets/a-1.js");

/** Fails with `errors` in turn, then answers `value`; counts its calls. */
function flaky<T>(errors: Error[], value: T) {
  const load = vi.fn(() => {
    const error = errors[load.mock.calls.length - 1];
    return error ? Promise.reject(error) : Promise.resolve(value);
  });
  return load;
}

describe("code that fails to arrive", () => {
  it("is recognised by each browser's words, and nothing else is", () => {
    expect(isChunkLoadError(chromium())).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module: /a.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/a.css"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Failed to fetch"))).toBe(false);
    expect(isChunkLoadError(new SyntaxError("Unexpected token"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });

  it("is fetched again after each wait, and arrives", async () => {
    vi.useFakeTimers();
    try {
      const load = flaky([chromium(), chromium()], "module");
      const loaded = loadChunk(load, [300, 1000]);
      await vi.advanceTimersByTimeAsync(299);
      expect(load).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(load).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1000);
      await expect(loaded).resolves.toBe("module");
      expect(load).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("after the last wait reloads the page once for that chunk, then gives up with the browser's error", async () => {
    sessionStorage.clear();
    const reload = vi.fn();
    const load = flaky([chromium(), chromium(), chromium()], "module");
    let settled = false;
    void loadChunk(load, [0, 0], reload).finally(() => (settled = true));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(3);
    // The page is going away: the load never settles, so no error screen flashes first.
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);

    // After the reload the same chunk is still missing: no second reload, the error is shown.
    const again = flaky([chromium(), chromium(), chromium()], "module");
    await expect(loadChunk(again, [0, 0], reload)).rejects.toThrow(
      "Failed to fetch dynamically imported module",
    );
    expect(reload).toHaveBeenCalledTimes(1);

    // Another chunk gone (the next deploy) earns its own reload.
    const other = new TypeError("Failed to fetch dynamically imported module: http://x/assets/b-2.js");
    void loadChunk(flaky([other], "module"), [], reload);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
    sessionStorage.clear();
  });

  it("reloads into the page a navigation was going to, not the one being left", () => {
    const assign = vi.fn();
    const reload = vi.fn();
    const location = vi.spyOn(window, "location", "get").mockReturnValue({
      ...window.location,
      assign,
      reload,
    });
    try {
      followPendingNavigation(() => "/terms?x=1#top");
      reloadToDestination();
      expect(assign).toHaveBeenCalledWith("/terms?x=1#top");
      expect(reload).not.toHaveBeenCalled();
      // No navigation under way (the first page's own code): the page reloads where it is.
      followPendingNavigation(() => null);
      reloadToDestination();
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      location.mockRestore();
      followPendingNavigation(() => null);
    }
  });

  it("never reloads when sessionStorage refuses the mark that stops a loop", async () => {
    const reload = vi.fn();
    const setItem = vi.spyOn(sessionStorage, "setItem").mockImplementation(() => {
      throw new DOMException("quota", "QuotaExceededError");
    });
    try {
      sessionStorage.clear();
      await expect(loadChunk(flaky([chromium()], "module"), [], reload)).rejects.toThrow(
        "dynamically imported",
      );
      expect(reload).not.toHaveBeenCalled();
    } finally {
      setItem.mockRestore();
    }
  });

  it("does not try again when the code arrived and failed to run", async () => {
    const load = flaky([new ReferenceError("window is not defined")], "module");
    await expect(loadChunk(load, [0, 0])).rejects.toThrow("window is not defined");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("lazyChunk renders a component whose chunk failed once", async () => {
    const load = flaky([chromium()], { default: () => <p>Dialog code arrived</p> });
    const Dialog = lazyChunk(load);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Dialog />
      </Suspense>,
    );
    expect(await screen.findByText("Dialog code arrived", {}, { timeout: 2000 })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
