import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, json, liveSse, sse, STUB_PUBLIC_CONFIG } from "@/testing/fetch-stub";
import {
  openSearch,
  QUESTION,
  result,
  savedSearch,
  SEARCH_ID,
  searchBox,
  searchEvents,
  SECOND_ID,
  SOURCES,
  statusOf,
  summary,
} from "./search-test-steps";
import { EXAMPLE_QUERIES } from "./search-suggestions";

const PAGE = "/dashboard/jigsaw-search";
const EXAMPLE = "How do I compare models side by side?";

describe("the search engine page", () => {
  it("before searching offers example questions and recent ones; picking one searches it", async () => {
    const { user, server } = await openSearch(PAGE, {
      "GET /api/searches": () => json([summary({ query: "How tall is the tower?" })]),
      "POST /api/jigsaw-search": () => sse(searchEvents({ query: EXAMPLE })),
    });
    await waitFor(() => expect(document.title).toBe("AI Search Engine | Tessera"));
    const recent = await screen.findByRole("region", { name: "Recent searches" });
    expect(within(recent).getByRole("button", { name: "How tall is the tower?" })).toBeTruthy();
    const examples = screen.getByRole("region", { name: "Try asking" });
    expect(within(examples).getAllByRole("button")).toHaveLength(EXAMPLE_QUERIES.length);

    await user.click(within(examples).getByRole("button", { name: EXAMPLE }));
    await waitFor(() => expect(statusOf(EXAMPLE).textContent).toBe("Done · 42 tokens · $0.00"));
    expect(server.callsTo("POST /api/jigsaw-search")[0]!.body).toEqual({
      query: EXAMPLE,
      options: { safe_search: "moderate", ai_overview: true, search_type: "web" },
    });
    expect(searchBox()).toHaveProperty("value", EXAMPLE);
    expect(screen.queryByRole("region", { name: "Try asking" })).toBeNull();
  });

  it("says in the box where it searches: the workspace, with no choice, when no web search is set up", async () => {
    await openSearch(PAGE);
    await waitFor(() => expect(searchBox().getAttribute("placeholder")).toBe("Search your workspace..."));
    expect(screen.queryByRole("combobox", { name: "Search in" })).toBeNull();
  });

  it("with a web search provider, searches the web or, when asked, only the workspace", async () => {
    const { user, server } = await openSearch(PAGE, {
      "GET /api/public/config": () => json({ ...STUB_PUBLIC_CONFIG, webSearch: true }),
      "POST /api/jigsaw-search": () => sse(searchEvents()),
    });
    await waitFor(() => expect(searchBox().getAttribute("placeholder")).toBe("Search the web..."));
    const where = screen.getByRole("combobox", { name: "Search in" });
    expect(where.textContent).toContain("The web");
    await user.click(where);
    await user.click(await screen.findByRole("option", { name: /My workspace/ }));
    await user.type(searchBox(), `${QUESTION}{Enter}`);
    await waitFor(() =>
      expect(server.callsTo("POST /api/jigsaw-search")[0]?.body).toEqual({
        query: QUESTION,
        options: { safe_search: "moderate", ai_overview: true, search_type: "workspace" },
      }),
    );
    // A follow-up keeps the choice.
    await waitFor(() => expect(statusOf(QUESTION).textContent).toMatch(/^Done/));
    await user.type(screen.getByRole("searchbox", { name: "Ask a follow-up" }), "And at dawn?{Enter}");
    await waitFor(() =>
      expect(server.callsTo("POST /api/jigsaw-search")[1]?.body).toMatchObject({
        options: { search_type: "workspace" },
      }),
    );
  });

  it("remembers its options for the next visit", async () => {
    const routes = {
      "GET /api/public/config": () => json({ ...STUB_PUBLIC_CONFIG, webSearch: true }),
      "POST /api/jigsaw-search": () => sse(searchEvents()),
    };
    const first = await openSearch(PAGE, routes);
    await first.user.click(screen.getByRole("combobox", { name: "Safe search" }));
    await first.user.click(await screen.findByRole("option", { name: "Strict" }));
    await first.user.click(screen.getByRole("switch", { name: "AI overview" }));
    await first.user.click(await screen.findByRole("combobox", { name: "Search in" }));
    await first.user.click(await screen.findByRole("option", { name: /My workspace/ }));
    first.unmount();

    const { user, server } = await openSearch(PAGE, routes);
    expect(screen.getByRole("switch", { name: "AI overview" }).getAttribute("aria-checked")).toBe("false");
    await user.type(searchBox(), `${QUESTION}{Enter}`);
    await waitFor(() =>
      expect(server.callsTo("POST /api/jigsaw-search")[0]?.body).toEqual({
        query: QUESTION,
        options: { safe_search: "strict", ai_overview: false, search_type: "workspace" },
      }),
    );
  });

  it("the status text follows the events, with the overview's progress, while Search is a Stop button", async () => {
    const stream = liveSse();
    const { user } = await openSearch(PAGE, { "POST /api/jigsaw-search": stream.handler });
    await user.type(searchBox(), QUESTION);
    await user.click(screen.getByRole("button", { name: "Search" }));
    const status = () => statusOf(QUESTION).textContent;
    expect(status()).toBe("Starting search...");
    expect(screen.getByRole("button", { name: "Stop" })).toBeTruthy();
    expect(screen.getByRole("switch", { name: "AI overview" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("combobox", { name: "Safe search" })).toHaveProperty("disabled", true);

    const [start, searching, sources, , overviewStart, , followUp] = searchEvents();
    const steps: [unknown, string][] = [
      [start, "Starting search..."],
      [searching, "Searching your workspace..."],
      [sources, "Found 2 sources"],
      [
        { type: "images", images: [{ url: "https://lights.example/a.jpg", alt: "The tower" }] },
        "Found 2 sources and 1 image",
      ],
      [overviewStart, "Writing the overview..."],
      [{ type: "overview_chunk", content: "Lit at dusk [1].", progress: 40 }, "Writing the overview... 40%"],
      [followUp, "Suggested 1 related question"],
      [
        { type: "complete", searchId: SEARCH_ID, tokensUsed: 1234, cost: 0.0012 },
        "Done · 1,234 tokens · $0.0012",
      ],
    ];
    for (const [event, text] of steps) {
      stream.push(event);
      await waitFor(() => expect(status()).toBe(text));
      if (text.endsWith("40%"))
        expect(
          screen.getByRole("progressbar", { name: "Overview progress" }).getAttribute("aria-valuenow"),
        ).toBe("40");
    }
    // The page stops reading at `complete`.
    expect(await screen.findByRole("button", { name: "Search" })).toBeTruthy();
    expect(screen.queryByRole("progressbar", { name: "Overview progress" })).toBeNull();
    expect(screen.getByRole("switch", { name: "AI overview" })).toHaveProperty("disabled", false);
  });

  it("shows sources as cards and links the overview's citations to them", async () => {
    const { user } = await openSearch(PAGE, {
      "POST /api/jigsaw-search": () =>
        sse(searchEvents({ overview: "Lit at dusk [1], as told in [2]. See [9]." })),
    });
    await user.type(searchBox(), `${QUESTION}{Enter}`);
    const article = await screen.findByRole("article", { name: QUESTION });
    await waitFor(() => expect(within(article).getByTestId("search-status").textContent).toMatch(/^Done/));

    const sources = within(article).getByRole("region", { name: "Sources" });
    const cards = within(sources).getAllByRole("listitem");
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText("Your documents")).toBeTruthy();
    const docLink = within(cards[0]!).getByRole("link", { name: "Lighthouse keeping handbook" });
    expect(docLink.getAttribute("href")).toBe(SOURCES[0]!.url);
    expect(within(cards[0]!).getByText("dusk").tagName).toBe("STRONG");
    expect(within(cards[1]!).getByText("lights.example")).toBeTruthy();
    expect(
      within(cards[1]!).getByRole("link", { name: "Coastal lights of the north" }).getAttribute("target"),
    ).toBe("_blank");

    const overview = within(article).getByRole("region", { name: "AI overview" });
    expect(overview.textContent).toContain("by Tessera Local");
    const first = within(overview).getByRole("link", { name: "1" });
    expect(first.getAttribute("href")).toBe(SOURCES[0]!.url);
    const second = within(overview).getByRole("link", { name: "2" });
    expect(second.getAttribute("href")).toBe(SOURCES[1]!.url);
    expect(second.getAttribute("target")).toBe("_blank");
    expect(second.getAttribute("rel")).toContain("noopener");
    // A number with no source stays a plain marker.
    expect(within(overview).queryByRole("link", { name: "9" })).toBeNull();
  });

  it("a related question starts a new search of its own, without a parent", async () => {
    const { user, server } = await openSearch(PAGE, {
      "POST /api/jigsaw-search": (request) => {
        const { query } = request.body as { query: string };
        return sse(searchEvents({ query, searchId: query === QUESTION ? SEARCH_ID : SECOND_ID }));
      },
    });
    await user.type(searchBox(), `${QUESTION}{Enter}`);
    await waitFor(() => expect(statusOf(QUESTION).textContent).toMatch(/^Done/));
    const related = within(result(QUESTION)).getByRole("region", { name: "Related questions" });
    await user.click(within(related).getByRole("button", { name: "Who keeps the Farrow Point light?" }));

    const next = await screen.findByRole("article", { name: "Who keeps the Farrow Point light?" });
    await waitFor(() => expect(within(next).getByTestId("search-status").textContent).toMatch(/^Done/));
    const calls = server.callsTo("POST /api/jigsaw-search");
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toEqual({
      query: "Who keeps the Farrow Point light?",
      options: { safe_search: "moderate", ai_overview: true, search_type: "web" },
    });
    // A new thread: the first question is no longer shown.
    expect(screen.queryByRole("article", { name: QUESTION })).toBeNull();
    expect(searchBox()).toHaveProperty("value", "Who keeps the Farrow Point light?");
  });

  it("a follow-up continues the thread: it names the previous search and shows under it", async () => {
    const { user, server } = await openSearch(PAGE, {
      "POST /api/jigsaw-search": (request) => {
        const { query } = request.body as { query: string };
        return sse(searchEvents({ query, searchId: query === QUESTION ? SEARCH_ID : SECOND_ID }));
      },
    });
    await user.type(searchBox(), `${QUESTION}{Enter}`);
    await waitFor(() => expect(statusOf(QUESTION).textContent).toMatch(/^Done/));
    await user.type(
      screen.getByRole("searchbox", { name: "Ask a follow-up" }),
      "And who relights it at dawn?",
    );
    await user.click(screen.getByRole("button", { name: "Ask" }));

    await waitFor(() => expect(statusOf("And who relights it at dawn?").textContent).toMatch(/^Done/));
    expect(server.callsTo("POST /api/jigsaw-search")[1]!.body).toEqual({
      query: "And who relights it at dawn?",
      options: { safe_search: "moderate", ai_overview: true, search_type: "web" },
      parentId: SEARCH_ID,
    });
    const results = screen.getByRole("region", { name: "Results" });
    expect(
      within(results)
        .getAllByRole("article", { name: /.+/ })
        .map((a) => a.getAttribute("aria-label")),
    ).toEqual([QUESTION, "And who relights it at dawn?"]);
    expect(screen.getByRole("searchbox", { name: "Ask a follow-up" })).toHaveProperty("value", "");

    await user.type(screen.getByRole("searchbox", { name: "Ask a follow-up" }), "A third?{Enter}");
    await waitFor(() => expect(server.callsTo("POST /api/jigsaw-search")).toHaveLength(3));
    expect(server.callsTo("POST /api/jigsaw-search")[2]!.body).toMatchObject({ parentId: SECOND_ID });
  });

  it("runs a question handed over in the navigation state at once, and only once", async () => {
    const { router, server } = await openSearch("/dashboard/tessera-search", {
      "POST /api/jigsaw-search": () => sse(searchEvents()),
    });
    await router.navigate(PAGE, { state: { initialQuery: QUESTION } });
    await waitFor(() => expect(statusOf(QUESTION).textContent).toMatch(/^Done/));
    expect(server.callsTo("POST /api/jigsaw-search").map((c) => (c.body as { query: string }).query)).toEqual(
      [QUESTION],
    );
    expect(router.state.location.state).toBeNull();
    expect(searchBox()).toHaveProperty("value", QUESTION);
  });

  it("runs ?q= at once, then drops it from the address", async () => {
    const { router, server } = await openSearch(`${PAGE}?q=${encodeURIComponent(QUESTION)}`, {
      "POST /api/jigsaw-search": () => sse(searchEvents()),
    });
    await waitFor(() => expect(statusOf(QUESTION).textContent).toMatch(/^Done/));
    expect(server.callsTo("POST /api/jigsaw-search")).toHaveLength(1);
    expect(router.state.location.search).toBe("");
  });

  it("Stop aborts the stream, names the search to the server, and keeps what arrived (more, if it stored more)", async () => {
    const stream = liveSse();
    const { user, server } = await openSearch(PAGE, {
      "POST /api/jigsaw-search": stream.handler,
      [`POST /api/searches/${SEARCH_ID}/stop`]: () => new Response(null, { status: 204 }),
      [`GET /api/searches/${SEARCH_ID}`]: () =>
        json(savedSearch({ status: "error", overview: "The lamp is lit at dusk, by" })),
    });
    await user.type(searchBox(), `${QUESTION}{Enter}`);
    const [start, , sources, , overviewStart] = searchEvents();
    for (const event of [start, sources, overviewStart]) stream.push(event);
    stream.push({ type: "overview_chunk", content: "The lamp is lit", progress: 20 });
    await waitFor(() => expect(statusOf(QUESTION).textContent).toBe("Writing the overview... 20%"));

    await user.click(screen.getByRole("button", { name: "Stop" }));
    expect(statusOf(QUESTION).textContent).toBe("Stopped. What arrived is kept.");
    expect(server.callsTo("POST /api/jigsaw-search")[0]!.signal?.aborted).toBe(true);
    // The search outlives its stream's client: Stop is asked for by name.
    expect(server.callsTo(`POST /api/searches/${SEARCH_ID}/stop`)).toHaveLength(1);
    const article = result(QUESTION);
    const overview = () => within(article).getByRole("region", { name: "AI overview" }).textContent;
    expect(overview()).toContain("The lamp is lit");
    // What the server stored past what arrived is shown too.
    await waitFor(() => expect(overview()).toContain("The lamp is lit at dusk, by"));
    expect(statusOf(QUESTION).textContent).toBe("Stopped. What arrived is kept.");
    const sourceCards = within(within(article).getByRole("region", { name: "Sources" })).getAllByRole(
      "listitem",
    );
    expect(sourceCards).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Search" })).toBeTruthy();
  });

  it("Stop pressed before the server named the search stops it by that name once it does", async () => {
    const stream = liveSse();
    const { user, server } = await openSearch(PAGE, {
      "POST /api/jigsaw-search": stream.handler,
      [`POST /api/searches/${SEARCH_ID}/stop`]: () => new Response(null, { status: 204 }),
      [`GET /api/searches/${SEARCH_ID}`]: () => json(savedSearch({ status: "error", overview: "" })),
    });
    await user.type(searchBox(), `${QUESTION}{Enter}`);
    await user.click(await screen.findByRole("button", { name: "Stop" }));
    expect(statusOf(QUESTION).textContent).toBe("Stopped. What arrived is kept.");
    expect(screen.getByRole("button", { name: "Search" })).toBeTruthy();
    const request = server.callsTo("POST /api/jigsaw-search")[0]!;
    // Not yet named: the stream is read on, unseen, until the server says which search it is.
    expect(request.signal?.aborted).toBe(false);
    expect(server.callsTo(`POST /api/searches/${SEARCH_ID}/stop`)).toHaveLength(0);

    const [start] = searchEvents();
    stream.push(start);
    await waitFor(() => expect(server.callsTo(`POST /api/searches/${SEARCH_ID}/stop`)).toHaveLength(1));
    expect(request.signal?.aborted).toBe(true);
    expect(statusOf(QUESTION).textContent).toBe("Stopped. What arrived is kept.");
    expect(screen.queryByText("Search failed")).toBeNull();
  });

  it("Stop pressed before the server named the search, then the stream lost: stopped, not failed", async () => {
    const stream = liveSse();
    const { user, server } = await openSearch(PAGE, { "POST /api/jigsaw-search": stream.handler });
    await user.type(searchBox(), `${QUESTION}{Enter}`);
    await user.click(await screen.findByRole("button", { name: "Stop" }));
    stream.close();
    // The history is read again once the stream is over; the turn still says it was stopped.
    await waitFor(() => expect(server.callsTo("GET /api/searches").length).toBeGreaterThan(1));
    expect(statusOf(QUESTION).textContent).toBe("Stopped. What arrived is kept.");
    expect(screen.queryByText("Search failed")).toBeNull();
    expect(screen.queryByText("The search ended before it was complete. Please try again.")).toBeNull();
  });

  it("a connection lost once the search began follows it as stored, to its end, keeping what arrived", async () => {
    const stream = liveSse();
    let reads = 0;
    const { user, server } = await openSearch(PAGE, {
      "POST /api/jigsaw-search": stream.handler,
      [`GET /api/searches/${SEARCH_ID}`]: () => {
        reads += 1;
        // The first read is behind the page (drafts are stored once a second); then it is done.
        return json(reads === 1 ? savedSearch({ status: "running", overview: "The lamp" }) : savedSearch());
      },
    });
    await user.type(searchBox(), `${QUESTION}{Enter}`);
    const [start, , sources, , overviewStart] = searchEvents();
    for (const event of [start, sources, overviewStart]) stream.push(event);
    stream.push({ type: "overview_chunk", content: "The lamp is lit", progress: 20 });
    await waitFor(() => expect(statusOf(QUESTION).textContent).toBe("Writing the overview... 20%"));

    stream.fail(new TypeError("network error"));
    await waitFor(() =>
      expect(statusOf(QUESTION).textContent).toBe("Connection lost. Following the search as it is stored..."),
    );
    const overview = () =>
      within(result(QUESTION)).getByRole("region", { name: "AI overview" }).textContent ?? "";
    expect(overview()).toContain("The lamp is lit");
    await waitFor(() => expect(reads).toBe(1), { timeout: 3_000 });
    expect(overview()).toContain("The lamp is lit");
    await waitFor(() => expect(statusOf(QUESTION).textContent).toBe("Done · 42 tokens · $0.00"), {
      timeout: 3_000,
    });
    expect(overview()).toContain("The lamp is lit at dusk 1.");
    expect(screen.queryByText("Search failed")).toBeNull();
    expect(server.callsTo("POST /api/jigsaw-search")).toHaveLength(1);
  });

  it("a connection lost before the search began is a failure, said aloud", async () => {
    const stream = liveSse();
    await openSearch(PAGE, { "POST /api/jigsaw-search": stream.handler }).then(async ({ user }) => {
      await user.type(searchBox(), `${QUESTION}{Enter}`);
    });
    stream.close();
    await waitFor(() => expect(statusOf(QUESTION).textContent).toBe("Search failed"));
    expect(
      within(result(QUESTION)).getByText("The search ended before it was complete. Please try again."),
    ).toBeTruthy();
  });

  it("a follow-up's Stop is in the follow-up box, and stops only that search", async () => {
    const second = liveSse();
    const { user, server } = await openSearch(PAGE, {
      "POST /api/jigsaw-search": (request) =>
        (request.body as { parentId?: string }).parentId ? second.handler(request) : sse(searchEvents()),
      [`POST /api/searches/${SECOND_ID}/stop`]: () => new Response(null, { status: 204 }),
      [`GET /api/searches/${SECOND_ID}`]: () =>
        json(savedSearch({ id: SECOND_ID, status: "error", overview: "" })),
    });
    await user.type(searchBox(), `${QUESTION}{Enter}`);
    await waitFor(() => expect(statusOf(QUESTION).textContent).toMatch(/^Done/));
    await user.type(screen.getByRole("searchbox", { name: "Ask a follow-up" }), "And at dawn?{Enter}");
    second.push(searchEvents({ searchId: SECOND_ID, query: "And at dawn?" })[0]);
    const followUpBox = screen.getByRole("search", { name: "Ask a follow-up" });
    await user.click(await within(followUpBox).findByRole("button", { name: "Stop" }));
    expect(
      within(screen.getByRole("search", { name: "Search" })).queryByRole("button", { name: "Stop" }),
    ).toBeNull();
    expect(statusOf("And at dawn?").textContent).toBe("Stopped. What arrived is kept.");
    expect(statusOf(QUESTION).textContent).toMatch(/^Done/);
    await waitFor(() => expect(server.callsTo(`POST /api/searches/${SECOND_ID}/stop`)).toHaveLength(1));
    expect(server.callsTo(`POST /api/searches/${SEARCH_ID}/stop`)).toHaveLength(0);
  });

  it("an error event says 'Search failed', shows the message and keeps the sources", async () => {
    const [start, , sources] = searchEvents();
    const { user } = await openSearch(PAGE, {
      "POST /api/jigsaw-search": () =>
        sse([
          start,
          sources,
          { type: "error", error: "OVERVIEW_FAILED", message: "Search failed. Please try again." },
        ]),
    });
    await user.type(searchBox(), `${QUESTION}{Enter}`);
    expect(await screen.findByText("Search failed", { selector: "[data-title]" })).toBeTruthy();
    const article = result(QUESTION);
    expect(within(article).getByRole("alert").textContent).toBe("Search failed. Please try again.");
    expect(within(article).getByTestId("search-status").textContent).toBe("Search failed");
    expect(within(article).getByRole("region", { name: "Sources" })).toBeTruthy();
  });

  it("a refusal before the stream is shown inline and in a toast", async () => {
    const { user } = await openSearch(PAGE, {
      "POST /api/jigsaw-search": () =>
        apiError(429, "RATE_LIMITED", "Too many searches. Try again in a minute."),
    });
    await user.type(searchBox(), `${QUESTION}{Enter}`);
    expect(
      await within(await screen.findByRole("article", { name: QUESTION })).findByRole("alert"),
    ).toHaveProperty("textContent", "Too many searches. Try again in a minute.");
    expect(await screen.findByText("Search failed", { selector: "[data-title]" })).toBeTruthy();
  });

  it("the search button is disabled while the box is blank", async () => {
    const { user, server } = await openSearch(PAGE);
    expect(screen.getByRole("button", { name: "Search" })).toHaveProperty("disabled", true);
    await user.type(searchBox(), "   {Enter}");
    expect(screen.getByRole("button", { name: "Search" })).toHaveProperty("disabled", true);
    expect(server.callsTo("POST /api/jigsaw-search")).toHaveLength(0);
  });

  it("sends the chosen options", async () => {
    const { user, server } = await openSearch(PAGE, { "POST /api/jigsaw-search": () => sse(searchEvents()) });
    await user.click(screen.getByRole("switch", { name: "AI overview" }));
    await user.type(searchBox(), `${QUESTION}{Enter}`);
    await waitFor(() => expect(server.callsTo("POST /api/jigsaw-search")).toHaveLength(1));
    expect(server.callsTo("POST /api/jigsaw-search")[0]!.body).toMatchObject({
      options: { safe_search: "moderate", ai_overview: false, search_type: "web" },
    });
  });
});
