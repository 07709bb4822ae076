import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppUpdateNotices } from "./app-update-notices";

const BANNER = "New version available. Refreshing...";

async function post(origin: string) {
  await act(() => {
    window.dispatchEvent(new MessageEvent("message", { data: { type: "CACHE_UPDATED" }, origin }));
    return Promise.resolve();
  });
}

describe("refresh banner", () => {
  afterEach(() => vi.useRealTimers());

  it("ignores CACHE_UPDATED from another origin", async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    render(<AppUpdateNotices register={false} reload={reload} />);
    await post("https://elsewhere.invalid");
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.queryByText(BANNER)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it("from our origin shows the banner and reloads after 1.5 s", async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    render(<AppUpdateNotices register={false} reload={reload} />);
    await post(window.location.origin);
    expect(screen.getByText(BANNER)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1499));
    expect(reload).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("says so while the browser is offline", () => {
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    render(<AppUpdateNotices register={false} reload={vi.fn()} />);
    expect(screen.getByText(/You're offline/)).toBeTruthy();
    onLine.mockRestore();
  });
});
