import { act, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AppProviders } from "@/app/providers";
import { stubFetch } from "@/testing/fetch-stub";
import { toast } from "./toast";

/** A page in the app's providers, where the toaster mounts with the first toast. */
function renderPage() {
  stubFetch();
  render(
    <AppProviders>
      <p>Page</p>
    </AppProviders>,
  );
}

describe("toasts", () => {
  it("appear above the page, clear of the chat's Send and Stop buttons at the bottom", async () => {
    renderPage();
    act(() => toast.info("Prompt selected"));
    const shown = await screen.findByText("Prompt selected");
    const toaster = shown.closest("[data-sonner-toaster]");
    expect(toaster?.getAttribute("data-y-position")).toBe("top");
    expect(toaster?.getAttribute("data-x-position")).toBe("center");
  });

  it("shows one at a time, also when the next goes to another place on the page", async () => {
    renderPage();
    // Toasts that stay until dismissed, so only the next one can take them away.
    const stay = { duration: Number.POSITIVE_INFINITY };
    act(() => toast.info("Copied to clipboard", stay));
    expect(await screen.findByText("Copied to clipboard")).toBeTruthy();

    // Dictation's toasts sit above the page, not in the toaster's corner.
    act(() => toast.info("Recording started", { ...stay, position: "top-center" }));
    expect(await screen.findByText("Recording started")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Copied to clipboard")).toBeNull());

    act(() => toast.error("Transcription failed", stay));
    expect(await screen.findByText("Transcription failed")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Recording started")).toBeNull());
  });
});
