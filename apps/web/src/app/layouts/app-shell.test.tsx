import { AUTH_STORAGE_KEY, SIDEBAR_STORAGE_KEY, THEME_STORAGE_KEY } from "@tessera/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession } from "@/testing/session";

async function openShell(path = "/dashboard/chat") {
  storeSession();
  const server = stubFetch({
    "GET /api/auth/get-session": () => json(sessionBody()),
    "POST /api/auth/sign-out": () => json({ success: true }),
  });
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole("heading", { level: 1 });
  const sidebar = view.container.querySelector<HTMLElement>('[data-sidebar="sidebar"]');
  if (!sidebar) throw new Error("no sidebar");
  return { user, server, sidebar, ...view };
}

describe("app shell", () => {
  it("lists the navigation groups and marks the current page", async () => {
    const { sidebar } = await openShell("/dashboard/chat");
    const nav = within(sidebar);
    expect(nav.getByRole("region", { name: "Core Features" })).toBeTruthy();
    for (const name of [
      "Dashboard",
      "AI Chat",
      "AI Search",
      "AI Voice",
      "AI Images",
      "Settings",
      "Account",
    ]) {
      expect(nav.getByRole("link", { name })).toBeTruthy();
    }
    expect(nav.getByRole("link", { name: "AI Search" }).getAttribute("href")).toBe(
      "/dashboard/jigsaw-search",
    );
    expect(nav.getByRole("link", { name: "AI Chat" }).getAttribute("aria-current")).toBe("page");
    expect(nav.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBeNull();
  });

  it("shows the title, the theme toggle and the user's email linking to the account page", async () => {
    await openShell();
    expect(screen.getByText("AI Platform")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Toggle theme" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /ada@example\.com/ }).getAttribute("href")).toBe(
      "/dashboard/account",
    );
  });

  it("Ctrl+B and Cmd+B collapse and expand the sidebar and remember it", async () => {
    const { user, sidebar } = await openShell();
    expect(sidebar.dataset.state).toBe("expanded");

    await user.keyboard("{Control>}b{/Control}");
    expect(sidebar.dataset.state).toBe("collapsed");
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe("collapsed");
    // The labels stay for screen readers when only icons show.
    expect(within(sidebar).getByRole("link", { name: "AI Chat" })).toBeTruthy();

    await user.keyboard("{Meta>}b{/Meta}");
    expect(sidebar.dataset.state).toBe("expanded");
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe("expanded");
  });

  it("the header trigger toggles the sidebar, and a remembered state is restored", async () => {
    localStorage.setItem(SIDEBAR_STORAGE_KEY, "collapsed");
    const { user, sidebar } = await openShell();
    expect(sidebar.dataset.state).toBe("collapsed");
    await user.click(screen.getByRole("button", { name: "Toggle sidebar" }));
    expect(sidebar.dataset.state).toBe("expanded");
  });

  it("the theme toggle switches to dark and remembers it", async () => {
    const { user } = await openShell();
    expect(document.documentElement.classList.contains("dark")).toBe(false);
    await user.click(screen.getByRole("button", { name: "Toggle theme" }));
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");
  });

  it("Sign Out ends the session on the server, forgets it here and opens /auth", async () => {
    const { user, server, router } = await openShell();
    await user.click(screen.getByRole("button", { name: "Sign Out" }));
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(router.state.location.pathname).toBe("/auth");
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    const signOut = server.callsTo("POST /api/auth/sign-out")[0];
    expect(signOut?.headers.authorization).toBe("Bearer stored-token");
    expect(signOut?.credentials).toBe("same-origin");
  });

  it("opens the team settings page with its real title", async () => {
    await openShell("/dashboard/team-settings");
    expect(screen.getByRole("heading", { level: 1, name: "Team Settings" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Team Settings | Tessera"));
  });
});
