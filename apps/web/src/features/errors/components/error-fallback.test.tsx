import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { ErrorFallback } from "./error-fallback";

let broken = true;
function Flaky() {
  if (broken) throw new Error("boom");
  return <h1>Recovered</h1>;
}

describe("fallback error screen", () => {
  it("shows the apology, the version, and recovers on Try Again", async () => {
    // React and the screen itself log the render error; that is expected here.
    vi.mocked(console.error).mockImplementation(() => {});
    stubFetch();
    const user = userEvent.setup();
    broken = true;
    renderApp("/", { routes: [{ path: "/", element: <Flaky />, errorElement: <ErrorFallback /> }] });

    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(
      screen.getByText("We encountered an unexpected error. This has been logged and we'll fix it soon."),
    ).toBeTruthy();
    expect(await screen.findByText("Tessera version 9.9.9")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Homepage" }).getAttribute("href")).toBe("/");
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith("app.render_error", expect.objectContaining({ path: "/" })),
    );

    broken = false;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("heading", { name: "Recovered" })).toBeTruthy();
  });

  it("reloads on Try Again when the page's code failed to arrive: the router keeps the failed load", async () => {
    vi.mocked(console.error).mockImplementation(() => {});
    stubFetch();
    const user = userEvent.setup();
    const reload = vi.spyOn(window.location, "reload").mockImplementation(() => {});
    function Unfetched(): never {
      throw new TypeError("Failed to fetch dynamically imported module: http://x/assets/page-1.js");
    }
    renderApp("/", { routes: [{ path: "/", element: <Unfetched />, errorElement: <ErrorFallback /> }] });
    await user.click(await screen.findByRole("button", { name: "Try Again" }));
    expect(reload).toHaveBeenCalledTimes(1);
    reload.mockRestore();
  });
});
