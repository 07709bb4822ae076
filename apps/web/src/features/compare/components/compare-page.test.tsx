import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json } from "@/testing/fetch-stub";
import { COMPARISON_ID, openCompare, summaryBody } from "./compare-test-steps";

const OTHER_ID = "c0ffee00-0000-4000-8000-0000000000c2";

describe("the comparison page", () => {
  it("is in the sidebar after AI Chat, and says when there is nothing yet", async () => {
    const { user, container } = await openCompare();
    expect(screen.getByRole("heading", { level: 1, name: "Model Comparison" })).toBeTruthy();
    const nav = within(container.querySelector<HTMLElement>('[data-sidebar="sidebar"]')!);
    const links = nav.getAllByRole("link").map((l) => l.textContent);
    expect(links.indexOf("Compare")).toBe(links.indexOf("AI Chat") + 1);
    expect(nav.getByRole("link", { name: "Compare" }).getAttribute("aria-current")).toBe("page");
    await waitFor(() => expect(document.title).toBe("Model Comparison | Tessera"));

    expect(await screen.findByText("No comparisons yet")).toBeTruthy();
    expect(await screen.findByText(/No ratings yet/)).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "New comparison" }));
    expect(await screen.findByRole("dialog", { name: "Model Comparison" })).toBeTruthy();
  });

  it("?new=1 opens the dialog once", async () => {
    const { router } = await openCompare("/dashboard/compare?new=1");
    expect(await screen.findByRole("dialog", { name: "Model Comparison" })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("lists your comparisons with models, ratings and winner, and opens one", async () => {
    const { user, router } = await openCompare("/dashboard/compare", {
      "GET /api/comparisons": () =>
        json([
          summaryBody({
            prompt: "Explain recursion in one paragraph",
            ratedCount: 2,
            winnerModelId: "local/alpha-7b",
          }),
          summaryBody({
            id: OTHER_ID,
            prompt: "Write a haiku about tests",
            models: ["gpt-4o", "claude-sonnet", "gemini-pro"],
            blind: true,
            ratedCount: 1,
            responseCount: 3,
          }),
        ]),
      [`GET /api/comparisons/${COMPARISON_ID}`]: () => json({ error: "unused" }, { status: 500 }),
    });
    const list = await screen.findByRole("list", { name: "Your comparisons" });
    const [first, second] = within(list).getAllByRole("link");
    expect(first!.textContent).toContain("Explain recursion in one paragraph");
    expect(first!.textContent).toContain("GPT-4o, alpha-7b");
    expect(first!.textContent).toContain("Rated 2/2");
    expect(first!.textContent).toContain("Winner: alpha-7b");
    expect(second!.textContent).toContain("Blind · A–C");
    expect(second!.textContent).toContain("Rated 1/3");
    expect(second!.textContent).not.toContain("GPT-4o");

    await user.click(first!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/compare/${COMPARISON_ID}`));
  });

  it("says which comparisons are still answering, and reads the list again until none is", async () => {
    let running = 2;
    const { server } = await openCompare("/dashboard/compare", {
      "GET /api/comparisons": () =>
        json([summaryBody({ runningCount: running }), summaryBody({ id: OTHER_ID, prompt: "Done one" })]),
    });
    const list = await screen.findByRole("list", { name: "Your comparisons" });
    const [first, second] = within(list).getAllByRole("link");
    expect(first!.textContent).toContain("Answering 2/2");
    expect(second!.textContent).not.toContain("Answering");

    running = 0;
    await waitFor(() => expect(first!.textContent).not.toContain("Answering"), { timeout: 5_000 });
    const reads = server.callsTo("GET /api/comparisons").length;
    expect(reads).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 3_500));
    expect(server.callsTo("GET /api/comparisons")).toHaveLength(reads);
  }, 15_000);

  it("shows the personal leaderboard", async () => {
    await openCompare("/dashboard/compare", {
      "GET /api/comparisons/leaderboard": () =>
        json({
          entries: [
            { modelId: "local/alpha-7b", comparisons: 2, averageRating: 4.5, wins: 2 },
            { modelId: "tessera-local", comparisons: 2, averageRating: 3, wins: 0 },
          ],
        }),
    });
    const table = await screen.findByRole("table", { name: "Your model leaderboard" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Model", "Comparisons", "Avg. rating", "Wins"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => Array.from(r.children).map((c) => c.textContent))).toEqual([
      ["1alpha-7b", "2", "4.5", "2"],
      ["2Tessera Local", "2", "3.0", "0"],
    ]);
  });
});
