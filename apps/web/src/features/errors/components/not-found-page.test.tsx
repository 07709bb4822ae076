import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";

describe("404 page", () => {
  it("says the page was not found, offers a way home and back, and logs the path", async () => {
    stubFetch();
    renderApp("/no/such/page");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Homepage" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("button", { name: "Go Back" })).toBeTruthy();
    expect(screen.getByText("/no/such/page")).toBeTruthy();
    await waitFor(() =>
      expect(console.warn).toHaveBeenCalledWith("route.not_found", { path: "/no/such/page" }),
    );
  });

  it("Go Back returns to the previous page", async () => {
    stubFetch();
    const user = userEvent.setup();
    const { router } = renderApp("/terms");
    await screen.findByRole("heading", { name: "Terms of Service" });
    await router.navigate("/missing");
    await user.click(await screen.findByRole("button", { name: "Go Back" }));
    expect(await screen.findByRole("heading", { name: "Terms of Service" })).toBeTruthy();
    expect(screen.getByText(/Last updated/).textContent).toBe("Last updated: December 2024");
  });

  it("Go Back on a page loaded whole returns to the browser's previous page, not to sign-in", async () => {
    stubFetch();
    const user = userEvent.setup();
    vi.spyOn(window.history, "length", "get").mockReturnValue(2);
    const back = vi.spyOn(window.history, "back").mockImplementation(() => {});
    const { router } = renderApp("/missing");
    await user.click(await screen.findByRole("button", { name: "Go Back" }));
    expect(back).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe("/missing");
  });

  it("Go Back with no page before it leads home", async () => {
    stubFetch();
    const user = userEvent.setup();
    vi.spyOn(window.history, "length", "get").mockReturnValue(1);
    const back = vi.spyOn(window.history, "back");
    const { router } = renderApp("/missing");
    await user.click(await screen.findByRole("button", { name: "Go Back" }));
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(back).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe("/auth");
  });

  it("Go to Homepage leads to / (and from there to sign-in when signed out)", async () => {
    stubFetch();
    const user = userEvent.setup();
    const { router } = renderApp("/missing");
    await user.click(await screen.findByRole("link", { name: "Go to Homepage" }));
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(router.state.location.pathname).toBe("/auth");
  });
});
