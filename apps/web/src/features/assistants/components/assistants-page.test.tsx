import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, json } from "@/testing/fetch-stub";
import { assistant, builtIns, card, openAssistants } from "./assistants-test-steps";

const tab = (name: RegExp) => screen.getByRole("tab", { name });

describe("assistants page", () => {
  it("sorts assistants into Favorites, Built-in, Mine and Public, with their labels", async () => {
    const pirate = assistant({ name: "Pirate", isFavorite: true });
    const open = assistant({ name: "Open helper", isPublic: true });
    const theirs = assistant({ name: "Their guide", isPublic: true, isOwned: false, userId: "u2" });
    const { user } = await openAssistants({
      "GET /api/assistants": () => json([...builtIns(), pirate, open, theirs]),
    });
    expect(document.title).toBe("Assistants | Tessera");
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "Favorites1",
      "Built-in4",
      "Mine2",
      "Public1",
    ]);
    // With a favorite, the page opens on Favorites.
    expect(tab(/Favorites/).getAttribute("aria-selected")).toBe("true");
    expect(within(card("Pirate")).getByText("Private")).toBeTruthy();
    expect(within(card("Pirate")).getByText("Tessera Local")).toBeTruthy();

    await user.click(tab(/Built-in/));
    const builtIn = screen.getByRole("list", { name: "Built-in" });
    expect(within(builtIn).getAllByRole("article")).toHaveLength(4);
    const code = card("Code Expert");
    expect(within(code).getByText("Built-in")).toBeTruthy();
    expect(within(code).getByText("GPT-4o")).toBeTruthy();
    expect(within(code).getByText("· unavailable").getAttribute("title")).toBe("Not enabled on this server.");
    expect(within(code).queryByRole("button", { name: /Edit/ })).toBeNull();
    expect(within(code).getByRole("link", { name: "Chat with Code Expert" }).getAttribute("href")).toMatch(
      /^\/dashboard\/chat\?assistant=[0-9a-f-]{36}$/,
    );

    await user.click(tab(/Mine/));
    expect(within(card("Open helper")).getByText("Public")).toBeTruthy();
    expect(within(card("Open helper")).getByRole("button", { name: "Edit Open helper" })).toBeTruthy();
    expect(within(card("Open helper")).getByRole("button", { name: "Delete Open helper" })).toBeTruthy();

    await user.click(tab(/Public/));
    const their = card("Their guide");
    expect(within(their).getByText("Public")).toBeTruthy();
    expect(within(their).queryByRole("button", { name: /Edit|Delete/ })).toBeNull();
    expect(within(their).getByRole("link", { name: "Chat with Their guide" }).getAttribute("href")).toBe(
      `/dashboard/chat?assistant=${theirs.id}`,
    );
    expect(screen.queryByRole("tab", { name: /Team/ })).toBeNull();
  });

  it("shows Shared and Team tabs only when the server lists such assistants", async () => {
    await openAssistants({
      "GET /api/assistants": () =>
        json([
          ...builtIns(),
          assistant({ name: "Bob's bot", isOwned: false, isShared: true, sharedBy: "Bob", userId: "u2" }),
          assistant({ name: "Team bot", isOwned: false, isTeam: true, userId: "u3" }),
        ]),
    });
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "Favorites0",
      "Built-in4",
      "Mine0",
      "Public0",
      "Shared1",
      "Team1",
    ]);
    // No favorites: the page opens on the built-in assistants.
    expect(tab(/Built-in/).getAttribute("aria-selected")).toBe("true");
  });

  it("keeps the tab in the address and says what an empty tab is for", async () => {
    const { user, router } = await openAssistants({}, "/dashboard/assistants?tab=mine");
    expect(tab(/Mine/).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByText("You have not made an assistant yet.")).toBeTruthy();
    await user.click(tab(/Favorites/));
    expect(router.state.location.search).toBe("?tab=favorites");
    expect(screen.getByText("No favorites yet. Star an assistant to keep it here.")).toBeTruthy();
  });

  it("stars an assistant at once, and it stays in Favorites", async () => {
    const list = builtIns();
    const code = list[1]!;
    let answer!: () => void;
    const { user, server } = await openAssistants({
      "GET /api/assistants": () => json(list),
      [`PUT /api/assistants/${code.id}/favorite`]: () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(json({ ...code, isFavorite: true }));
        }),
    });
    const star = within(card("Code Expert")).getByRole("button", { name: "Favorite Code Expert" });
    expect(star.getAttribute("aria-pressed")).toBe("false");
    await user.click(star);
    // Optimistic: pressed before the server answers.
    expect(star.getAttribute("aria-pressed")).toBe("true");
    expect(tab(/Favorites/).textContent).toBe("Favorites1");
    // The page stays on the tab it opened with.
    expect(tab(/Built-in/).getAttribute("aria-selected")).toBe("true");
    answer();
    await waitFor(() => expect(server.callsTo(`PUT /api/assistants/${code.id}/favorite`)).toHaveLength(1));
    await user.click(tab(/Favorites/));
    expect(within(screen.getByRole("list", { name: "Favorites" })).getByText("Code Expert")).toBeTruthy();
  });

  it("puts the star back and says so when the server refuses", async () => {
    const list = builtIns().map((a, i) => (i === 0 ? { ...a, isFavorite: true } : a));
    const first = list[0]!;
    await openAssistants({
      "GET /api/assistants": () => json(list),
      [`DELETE /api/assistants/${first.id}/favorite`]: () =>
        apiError(404, "NOT_FOUND", "Assistant not found."),
    });
    const star = within(card("AI Assistant")).getByRole("button", { name: "Favorite AI Assistant" });
    star.click();
    expect(await screen.findByText("Could not remove from favorites")).toBeTruthy();
    expect(screen.getByText("Assistant not found.")).toBeTruthy();
    await waitFor(() =>
      expect(
        within(card("AI Assistant"))
          .getByRole("button", { name: "Favorite AI Assistant" })
          .getAttribute("aria-pressed"),
      ).toBe("true"),
    );
  });

  it("deletes one's own assistant after confirming", async () => {
    const pirate = assistant({ name: "Pirate" });
    let list = [...builtIns(), pirate];
    const { user, server } = await openAssistants(
      {
        "GET /api/assistants": () => json(list),
        [`DELETE /api/assistants/${pirate.id}`]: () => {
          list = list.filter((a) => a.id !== pirate.id);
          return new Response(null, { status: 204 });
        },
      },
      "/dashboard/assistants?tab=mine",
    );
    await user.click(within(card("Pirate")).getByRole("button", { name: "Delete Pirate" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete assistant?" });
    expect(confirm.textContent).toContain("“Pirate” will be deleted");
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Assistant deleted")).toBeTruthy();
    expect(server.callsTo(`DELETE /api/assistants/${pirate.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole("article", { name: "Pirate" })).toBeNull());
    expect(screen.getByText("You have not made an assistant yet.")).toBeTruthy();
  });

  it("cancelling the confirmation keeps the assistant", async () => {
    const pirate = assistant({ name: "Pirate" });
    const { user, server } = await openAssistants(
      { "GET /api/assistants": () => json([pirate]) },
      "/dashboard/assistants?tab=mine",
    );
    await user.click(within(card("Pirate")).getByRole("button", { name: "Delete Pirate" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(card("Pirate")).toBeTruthy();
    expect(server.callsTo(`DELETE /api/assistants/${pirate.id}`)).toHaveLength(0);
  });

  it("says so when the list cannot be loaded", async () => {
    await openAssistants({
      "GET /api/assistants": () => apiError(500, "INTERNAL", "Database unavailable."),
    });
    expect(screen.getByRole("alert").textContent).toBe(
      "The assistants could not be loaded: Database unavailable.",
    );
  });
});

describe("assistants page on a plan without custom assistants", () => {
  it("shows New assistant locked, naming the Max plan, and leads to the plans", async () => {
    await openAssistants({
      "GET /api/subscription": () =>
        json({
          plan: "pro",
          source: "trial",
          validUntil: "2030-01-01T00:00:00.000Z",
          trialAvailable: false,
          checkout: false,
          usage: { imagesThisMonth: 0, imagesPerMonth: 100 },
        }),
    });
    const locked = await screen.findByRole("link", { name: /New assistant · Max/ });
    expect(locked.getAttribute("href")).toBe("/pricing");
    expect(document.getElementById(locked.getAttribute("aria-describedby") ?? "")).toBeNull();
    expect(screen.queryByRole("button", { name: "New assistant" })).toBeNull();
  });
});
