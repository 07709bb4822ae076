import type { ModelAvailability, ModelsResponse } from "@tessera/contracts";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, json, liveSse, sse, STUB_PUBLIC_CONFIG } from "@/testing/fetch-stub";
import { AI_SEARCH_CHOICE_KEY } from "../utils/search-preferences";
import { openSearch } from "./search-test-steps";

const PAGE = "/dashboard/tessera-search";
const box = () => screen.getByRole("textbox", { name: "Question" });
const searchButton = () => screen.getByRole("button", { name: "Search" });

describe("the simple AI Search page", () => {
  it("is titled 'AI Search'; a blank question is refused without sending anything", async () => {
    const { user, server } = await openSearch(PAGE);
    expect(screen.getByRole("heading", { level: 1, name: "AI Search" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("AI Search | Tessera"));
    expect(box().getAttribute("placeholder")).toBe("Ask anything...");

    // Pressing Search with nothing typed says why nothing happens.
    await user.click(searchButton());
    expect(screen.getByRole("alert").textContent).toBe("Please enter a search query");
    expect(box().getAttribute("aria-invalid")).toBe("true");
    await user.type(box(), "lamp");
    expect(screen.queryByRole("alert")).toBeNull();

    await user.clear(box());
    await user.type(box(), "   {Enter}");
    expect(screen.getByRole("alert").textContent).toBe("Please enter a search query");
    expect(server.callsTo("POST /api/ai-search")).toHaveLength(0);
  });

  it("streams the answer's chunks as markdown", async () => {
    const { user, server } = await openSearch(PAGE, {
      "POST /api/ai-search": () =>
        sse([
          { type: "chunk", content: "The lamp is lit at " },
          { type: "chunk", content: "**dusk** [1]." },
          { type: "complete", searchId: "s1", tokensUsed: 9 },
        ]),
    });
    await user.type(box(), "When is the lamp lit?");
    await user.click(searchButton());
    const answer = await screen.findByRole("region", { name: "Answer" });
    await waitFor(() =>
      expect(answer.querySelector(".markdown")?.textContent).toBe("The lamp is lit at dusk 1."),
    );
    expect(answer.querySelector("strong")?.textContent).toBe("dusk");
    // The model is left to the server; without a web provider "web" is the workspace's index.
    expect(server.callsTo("POST /api/ai-search")[0]!.body).toEqual({
      query: "When is the lamp lit?",
      searchType: "web",
    });
    expect(screen.getByRole("link", { name: /See sources and images/ }).getAttribute("href")).toBe(
      "/dashboard/jigsaw-search",
    );
  });

  it("shows the error field of an error event, and a refusal before the stream", async () => {
    let refuse = false;
    const { user } = await openSearch(PAGE, {
      "POST /api/ai-search": () =>
        refuse
          ? apiError(429, "RATE_LIMITED", "Too many searches. Try again in a minute.")
          : sse([{ type: "error", error: "Search failed. Please try again." }]),
    });
    await user.type(box(), "When is the lamp lit?{Enter}");
    expect((await screen.findByRole("alert")).textContent).toBe("Search failed. Please try again.");
    expect(await screen.findByText("Search failed", { selector: "[data-title]" })).toBeTruthy();

    refuse = true;
    await user.click(searchButton());
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("Too many searches. Try again in a minute."),
    );
  });

  it("links to the full search engine page", async () => {
    const { user, router } = await openSearch(PAGE);
    await user.click(screen.getByRole("link", { name: /full search engine/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/jigsaw-search"));
  });

  describe("the model and where to search", () => {
    const model = (id: string, name: string, available = true): ModelAvailability => ({
      id,
      name,
      description: `${name} answers.`,
      vision: false,
      research: false,
      available,
      provider: available ? "openrouter" : null,
      unavailableReason: available ? null : `${name} is on the Max plan and up. Upgrade to use it.`,
      requiredPlan: available ? null : "max",
    });
    const models: ModelsResponse = {
      groups: [
        {
          id: "industry",
          title: "Industry Leaders",
          icon: "trophy",
          color: "amber",
          models: [model("gemini-flash", "Gemini 2.5 Flash"), model("gpt-5", "GPT-5", false)],
        },
      ],
    };

    it("sends the chosen model and search type; a model above the plan says why and cannot be chosen", async () => {
      const { user, server } = await openSearch(PAGE, {
        "GET /api/public/config": () => json({ ...STUB_PUBLIC_CONFIG, webSearch: true }),
        "GET /api/models": () => json(models),
        "POST /api/ai-search": () => sse([{ type: "complete", searchId: "s1", tokensUsed: 0 }]),
      });
      const modelBox = screen.getByRole("combobox", { name: "Answer with" });
      expect(modelBox.textContent).toContain("Automatic");
      const typeBox = await screen.findByRole("combobox", { name: "Search in" });
      expect(typeBox.textContent).toContain("The web");
      expect(screen.queryByText(/no web search is set up/)).toBeNull();

      await user.type(box(), "When is the lamp lit?{Enter}");
      await waitFor(() =>
        expect(server.callsTo("POST /api/ai-search")[0]?.body).toEqual({
          query: "When is the lamp lit?",
          searchType: "web",
        }),
      );

      await user.click(modelBox);
      const locked = await screen.findByRole("option", { name: /GPT-5/ });
      expect(locked.getAttribute("aria-disabled")).toBe("true");
      expect(locked.textContent).toContain("is on the Max plan and up");
      await user.click(screen.getByRole("option", { name: /Gemini 2\.5 Flash/ }));
      await user.click(typeBox);
      await user.click(await screen.findByRole("option", { name: /My workspace/ }));
      await user.click(searchButton());
      await waitFor(() =>
        expect(server.callsTo("POST /api/ai-search")[1]?.body).toEqual({
          query: "When is the lamp lit?",
          model: "gemini-flash",
          searchType: "workspace",
        }),
      );
    });

    it("says the search reads the workspace when no web search is set up, and holds the choices while it runs", async () => {
      const stream = liveSse();
      const { user } = await openSearch(PAGE, {
        "GET /api/models": () => json(models),
        "POST /api/ai-search": stream.handler,
      });
      expect(screen.getByText("Searches your workspace: no web search is set up.")).toBeTruthy();
      expect(screen.queryByRole("combobox", { name: "Search in" })).toBeNull();
      await user.type(box(), "When is the lamp lit?{Enter}");
      await waitFor(() =>
        expect(screen.getByRole("combobox", { name: "Answer with" })).toHaveProperty("disabled", true),
      );
      stream.push({ type: "complete", searchId: "s1", tokensUsed: 0 });
      stream.close();
      await waitFor(() =>
        expect(screen.getByRole("combobox", { name: "Answer with" })).toHaveProperty("disabled", false),
      );
    });
    it("remembers the model and where to search for the next visit; a stored choice it cannot read gives the defaults", async () => {
      const routes = {
        "GET /api/public/config": () => json({ ...STUB_PUBLIC_CONFIG, webSearch: true }),
        "GET /api/models": () => json(models),
      };
      const first = await openSearch(PAGE, routes);
      await first.user.click(screen.getByRole("combobox", { name: "Answer with" }));
      await first.user.click(await screen.findByRole("option", { name: /Gemini 2\.5 Flash/ }));
      await first.user.click(await screen.findByRole("combobox", { name: "Search in" }));
      await first.user.click(await screen.findByRole("option", { name: /My workspace/ }));
      first.unmount();

      const again = await openSearch(PAGE, {
        ...routes,
        "POST /api/ai-search": () => sse([{ type: "complete", searchId: "s1", tokensUsed: 0 }]),
      });
      expect(screen.getByRole("combobox", { name: "Answer with" }).textContent).toContain("Gemini 2.5 Flash");
      expect((await screen.findByRole("combobox", { name: "Search in" })).textContent).toContain(
        "My workspace",
      );
      await again.user.type(box(), "When is the lamp lit?{Enter}");
      await waitFor(() =>
        expect(again.server.callsTo("POST /api/ai-search")[0]?.body).toEqual({
          query: "When is the lamp lit?",
          model: "gemini-flash",
          searchType: "workspace",
        }),
      );
      again.unmount();

      localStorage.setItem(AI_SEARCH_CHOICE_KEY, JSON.stringify({ searchType: "images", model: 7 }));
      await openSearch(PAGE, routes);
      expect(screen.getByRole("combobox", { name: "Answer with" }).textContent).toContain("Automatic");
      expect((await screen.findByRole("combobox", { name: "Search in" })).textContent).toContain("The web");
    });
  });
});
