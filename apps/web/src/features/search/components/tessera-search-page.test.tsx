import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, sse } from "@/testing/fetch-stub";
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
    expect(searchButton()).toHaveProperty("disabled", true);

    await user.type(box(), "   {Enter}");
    expect(screen.getByRole("alert").textContent).toBe("Please enter a search query");
    expect(searchButton()).toHaveProperty("disabled", true);
    expect(server.callsTo("POST /api/ai-search")).toHaveLength(0);

    await user.type(box(), "lamp");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(searchButton()).toHaveProperty("disabled", false);
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
    expect(server.callsTo("POST /api/ai-search")[0]!.body).toEqual({ query: "When is the lamp lit?" });
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
});
