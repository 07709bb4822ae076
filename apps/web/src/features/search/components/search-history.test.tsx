import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, sse, STUB_PUBLIC_CONFIG } from "@/testing/fetch-stub";
import {
  openSearch,
  QUESTION,
  result,
  savedSearch,
  SEARCH_ID,
  searchEvents,
  SECOND_ID,
  statusOf,
  summary,
} from "./search-test-steps";

const FOLLOW_UP = "And who relights it at dawn?";
const OTHER_ID = "5ea0c000-0000-4000-8000-000000000003";

const summaries = [
  summary({
    id: SECOND_ID,
    parentId: SEARCH_ID,
    query: FOLLOW_UP,
    createdAt: new Date(Date.now() - 30_000).toISOString(),
  }),
  summary({
    id: OTHER_ID,
    query: "How tall is the tower?",
    createdAt: new Date(Date.now() - 40_000).toISOString(),
  }),
  summary(),
];

const history = () => screen.getByRole("list", { name: "Past searches" });

describe("the search history", () => {
  it("lists one entry per thread and reopens a saved thread in order", async () => {
    const { user, server } = await openSearch("/dashboard/jigsaw-search", {
      "GET /api/searches": () => json(summaries),
      [`GET /api/searches/${SEARCH_ID}`]: () => json(savedSearch()),
      [`GET /api/searches/${SECOND_ID}`]: () =>
        json(savedSearch({ id: SECOND_ID, parentId: SEARCH_ID, query: FOLLOW_UP, overview: "At dawn [1]." })),
    });
    const items = await within(await screen.findByRole("list", { name: "Past searches" })).findAllByRole(
      "listitem",
    );
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining(`${QUESTION}`),
      expect.stringContaining("How tall is the tower?"),
    ]);
    expect(items[0]!.textContent).toContain("1 follow-up");

    await user.click(
      within(items[0]!).getByRole("button", { name: new RegExp(`^${QUESTION.replace("?", "\\?")}`) }),
    );
    await screen.findByRole("article", { name: FOLLOW_UP });
    const results = screen.getByRole("region", { name: "Results" });
    expect(
      within(results)
        .getAllByRole("article")
        .map((a) => a.getAttribute("aria-label")),
    ).toEqual([QUESTION, FOLLOW_UP]);
    expect(statusOf(QUESTION).textContent).toBe("Done · 42 tokens · $0.00");
    expect(within(result(FOLLOW_UP)).getByRole("link", { name: "1" })).toBeTruthy();
    expect(server.callsTo("POST /api/jigsaw-search")).toHaveLength(0);
    expect(within(history()).getByRole("button", { current: true }).textContent).toContain(QUESTION);
  });

  it("a reopened thread's follow-ups look where it looked: the workspace, or the web", async () => {
    const { user, server } = await openSearch("/dashboard/jigsaw-search", {
      "GET /api/public/config": () => json({ ...STUB_PUBLIC_CONFIG, webSearch: true }),
      "GET /api/searches": () => json(summaries),
      // The thread read the local index (the workspace); the other went through the web provider.
      [`GET /api/searches/${SEARCH_ID}`]: () => json(savedSearch()),
      [`GET /api/searches/${SECOND_ID}`]: () =>
        json(savedSearch({ id: SECOND_ID, parentId: SEARCH_ID, query: FOLLOW_UP })),
      [`GET /api/searches/${OTHER_ID}`]: () =>
        json(savedSearch({ id: OTHER_ID, query: "How tall is the tower?", provider: "searxng" })),
      "POST /api/jigsaw-search": () => sse(searchEvents({ query: "And in winter?" })),
    });
    const where = await screen.findByRole("combobox", { name: "Search in" });
    expect(where.textContent).toContain("The web");
    const open = async (query: string) =>
      user.click(
        within(history()).getByRole("button", { name: new RegExp(`^${query.replace("?", "\\?")}`) }),
      );

    await open(QUESTION);
    await screen.findByRole("article", { name: FOLLOW_UP });
    await waitFor(() => expect(where.textContent).toContain("My workspace"));
    await user.type(screen.getByRole("searchbox", { name: "Ask a follow-up" }), "And in winter?{Enter}");
    await waitFor(() =>
      expect(server.callsTo("POST /api/jigsaw-search")[0]?.body).toEqual({
        query: "And in winter?",
        parentId: SECOND_ID,
        options: { safe_search: "moderate", ai_overview: true, search_type: "workspace" },
      }),
    );

    await open("How tall is the tower?");
    await waitFor(() => expect(where.textContent).toContain("The web"));
  });

  it("a search still running (its page was left) is marked, and followed as it is stored until it ends", async () => {
    let reads = 0;
    let listReads = 0;
    const { user, server } = await openSearch("/dashboard/jigsaw-search", {
      "GET /api/searches": () => {
        listReads += 1;
        return json([summary({ status: reads < 3 ? "running" : "complete" })]);
      },
      [`GET /api/searches/${SEARCH_ID}`]: () => {
        reads += 1;
        if (reads === 1) return json(savedSearch({ status: "running", overview: "The lamp" }));
        if (reads === 2) return json(savedSearch({ status: "running", overview: "The lamp is lit" }));
        return json(savedSearch());
      },
    });
    const entry = await within(await screen.findByRole("list", { name: "Past searches" })).findByRole(
      "listitem",
    );
    expect(entry.textContent).toContain("Searching");
    await user.click(within(entry).getAllByRole("button")[0]!);

    await waitFor(() =>
      expect(statusOf(QUESTION).textContent).toBe("Still searching... What it has found so far is shown."),
    );
    const overview = () =>
      within(result(QUESTION)).getByRole("region", { name: "AI overview" }).textContent ?? "";
    expect(overview()).toContain("The lamp");
    // One search at a time: the box offers Stop while it runs.
    expect(
      within(screen.getByRole("search", { name: "Search" })).getByRole("button", { name: "Stop" }),
    ).toBeTruthy();
    await waitFor(() => expect(overview()).toContain("The lamp is lit"), { timeout: 3_000 });
    await waitFor(() => expect(statusOf(QUESTION).textContent).toBe("Done · 42 tokens · $0.00"), {
      timeout: 3_000,
    });
    expect(overview()).toContain("The lamp is lit at dusk");
    // Ended: no more reads, and the history is read again so its mark goes.
    await waitFor(() => expect(entry.textContent).not.toContain("Searching"));
    expect(listReads).toBeGreaterThan(1);
    const settled = reads;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(reads).toBe(settled);
    expect(server.calls.filter((c) => c.path.endsWith("/stop"))).toHaveLength(0);
  });

  it("Stop on a followed search names it to the server", async () => {
    let stopped = false;
    const { user, server } = await openSearch("/dashboard/jigsaw-search", {
      "GET /api/searches": () => json([summary({ status: stopped ? "error" : "running" })]),
      [`GET /api/searches/${SEARCH_ID}`]: () =>
        json(savedSearch({ status: stopped ? "error" : "running", overview: "The lamp is" })),
      [`POST /api/searches/${SEARCH_ID}/stop`]: () => {
        stopped = true;
        return new Response(null, { status: 204 });
      },
    });
    const entry = await within(await screen.findByRole("list", { name: "Past searches" })).findByRole(
      "listitem",
    );
    await user.click(within(entry).getAllByRole("button")[0]!);
    const box = screen.getByRole("search", { name: "Search" });
    await user.click(await within(box).findByRole("button", { name: "Stop" }));
    expect(statusOf(QUESTION).textContent).toBe("Stopped. What arrived is kept.");
    await waitFor(() => expect(server.callsTo(`POST /api/searches/${SEARCH_ID}/stop`)).toHaveLength(1));
    expect(within(box).getByRole("button", { name: "Search" })).toBeTruthy();
    await waitFor(() => expect(entry.textContent).not.toContain("Searching"));
  });

  it("deletes a whole thread after asking, and leaves the page empty when it was open", async () => {
    const { user, server } = await openSearch("/dashboard/jigsaw-search", {
      "GET /api/searches": () => json(summaries),
      [`GET /api/searches/${SEARCH_ID}`]: () => json(savedSearch()),
      [`GET /api/searches/${SECOND_ID}`]: () =>
        json(savedSearch({ id: SECOND_ID, parentId: SEARCH_ID, query: FOLLOW_UP })),
      [`DELETE /api/searches/${SEARCH_ID}`]: () => new Response(null, { status: 204 }),
      [`DELETE /api/searches/${SECOND_ID}`]: () => new Response(null, { status: 204 }),
    });
    const list = await screen.findByRole("list", { name: "Past searches" });
    await user.click(within(list).getAllByRole("button")[0]!);
    await screen.findByRole("article", { name: FOLLOW_UP });

    await user.click(within(history()).getByRole("button", { name: `Delete search: ${QUESTION}` }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete search?" });
    expect(dialog.textContent).toContain("and its 1 follow-up");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(server.calls.filter((c) => c.method === "DELETE")).toHaveLength(0);

    await user.click(within(history()).getByRole("button", { name: `Delete search: ${QUESTION}` }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Search deleted")).toBeTruthy();
    expect(
      server.calls
        .filter((c) => c.method === "DELETE")
        .map((c) => c.path)
        .sort(),
    ).toEqual([`/api/searches/${SEARCH_ID}`, `/api/searches/${SECOND_ID}`]);
    await waitFor(() => expect(screen.queryByRole("article", { name: QUESTION })).toBeNull());
    expect(screen.getByRole("region", { name: "Try asking" })).toBeTruthy();
  });
});
