import type { CollectionSummary } from "@tessera/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { apiError, json, sse } from "@/testing/fetch-stub";
import { preloadPage, PRELOAD_TIMEOUT_MS } from "@/testing/render-app";
import { ANSWER_ID, messageBox, openChat } from "./chat-test-steps";

const INSTANT = "/dashboard/chat?feature_typewriterEffects=false";
const CONVERSATION = "c0ffee00-0000-4000-8000-000000000001";
const DOCUMENT = "d0c00000-0000-4000-8000-000000000001";
const CHUNK = "c4a00000-0000-4000-8000-000000000001";

const collection = (id: string, name: string, team_id: string | null = null): CollectionSummary => ({
  id,
  name,
  description: "",
  team_id,
  documents: 3,
  created_at: "2026-01-03T10:00:00.000Z",
  updated_at: "2026-01-03T10:00:00.000Z",
});
const GUIDES = collection("c0000000-0000-4000-8000-000000000001", "Field guides");
const MANUALS = collection("c0000000-0000-4000-8000-000000000002", "Lighthouse manuals", "team-1");
const FINANCE = collection("c0000000-0000-4000-8000-000000000003", "Finance");

const citedAnswer = [
  { type: "start", conversationId: CONVERSATION, model: "tessera-local", messageId: ANSWER_ID },
  { type: "chunk", content: "The lamp is lit at dusk [1]." },
  {
    type: "complete",
    outputTokens: 20,
    sources: [
      {
        title: "Lighthouse manual (Lamp, page 2)",
        url: `/dashboard/documents/${DOCUMENT}`,
        documentId: DOCUMENT,
        chunkId: CHUNK,
        page: 2,
        heading: "Lamp",
        snippet: "The Quillon lamp is lit at dusk and put out at dawn.",
      },
    ],
    messageId: ANSWER_ID,
  },
];

const PASSAGE =
  "Before dusk the keeper trims the wick. The Quillon lamp is lit at dusk and put out at dawn, and the lens is wiped at noon.";

const chunk = {
  id: CHUNK,
  documentId: DOCUMENT,
  page: 2,
  heading: "Lamp",
  // Stored as markdown: the card shows its words, not its syntax, nor the heading its title names.
  content:
    "# Lamp\n\nBefore dusk the keeper trims the **wick**. The Quillon lamp is lit at dusk and put out at dawn, and the [lens](https://example.com/lens) is wiped at noon.",
  title: "Lighthouse manual",
  before: null,
  after: null,
};

describe("chat: answering from knowledge bases", () => {
  // The page's code loads once, before the tests, rather than inside the first one's wait.
  beforeAll(() => preloadPage("/dashboard/chat"), PRELOAD_TIMEOUT_MS);

  it("picks collections with # and the keyboard, shows them as chips, and sends their ids", async () => {
    const { user, server } = await openChat(INSTANT, {
      "GET /api/knowledge/collections": () => json([GUIDES, MANUALS, FINANCE]),
      "POST /api/chat-stream": () => sse(citedAnswer),
    });
    await user.type(messageBox(), "When is the lamp lit? #fin");
    const picker = await screen.findByRole("listbox", { name: "Answer from a collection" });
    expect(
      within(picker)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual([expect.stringContaining("Finance")]);
    // Every collection once the filter is gone; the first is active, ArrowDown moves to the second.
    await user.keyboard("{Backspace}{Backspace}{Backspace}");
    await waitFor(() => expect(within(picker).getAllByRole("option")).toHaveLength(3));
    expect(within(picker).getAllByRole("option")[0]!.getAttribute("aria-selected")).toBe("true");
    await user.keyboard("{ArrowDown}");
    expect(within(picker).getAllByRole("option")[1]!.getAttribute("aria-selected")).toBe("true");
    expect(messageBox().getAttribute("aria-activedescendant")).toBe(`collection-option-${MANUALS.id}`);
    await user.keyboard("{Enter}");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(messageBox()).toHaveProperty("value", "When is the lamp lit? ");
    const chips = screen.getByRole("list", { name: "Collections this chat answers from" });
    expect(within(chips).getByText("#Lighthouse manuals")).toBeTruthy();

    // Escape closes the picker without choosing; the typed text stays.
    await user.type(messageBox(), "#fin");
    expect(await screen.findByRole("listbox")).toBeTruthy();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(messageBox()).toHaveProperty("value", "When is the lamp lit? #fin");
    await user.keyboard("{Backspace}{Backspace}{Backspace}{Backspace}{Enter}");

    await waitFor(() => expect(server.callsTo("POST /api/chat-stream")).toHaveLength(1));
    expect(server.callsTo("POST /api/chat-stream")[0]?.body).toMatchObject({
      message: "When is the lamp lit?",
      collectionIds: [MANUALS.id],
    });
    // The chip stays for the next message, until removed.
    await user.click(within(chips).getByRole("button", { name: "Stop answering from Lighthouse manuals" }));
    expect(screen.queryByRole("list", { name: "Collections this chat answers from" })).toBeNull();
  });

  it("cites the passage: page on the chip, passage on hover, the document at that place on click", async () => {
    let answerChunk: () => void = () => {};
    const { user, router, server } = await openChat(INSTANT, {
      "GET /api/knowledge/collections": () => json([]),
      "POST /api/chat-stream": () => sse(citedAnswer),
      [`GET /api/documents/${DOCUMENT}`]: () => json({}),
      // The passage is held back until the test lets it go, so the card's loading state shows.
      [`GET /api/documents/${DOCUMENT}/chunks/${CHUNK}`]: () =>
        new Promise<Response>((resolve) => {
          answerChunk = () => resolve(json(chunk));
        }),
    });
    await user.type(messageBox(), "When is the lamp lit?{Enter}");
    const log = await screen.findByRole("log", { name: "Messages" });
    const sources = await within(log).findByRole("region", { name: "Sources" });
    const link = within(sources).getByRole("link", { name: /Lighthouse manual \(Lamp, page 2\)/ });
    expect(link.getAttribute("href")).toBe(`/dashboard/documents/${DOCUMENT}?chunk=${CHUNK}&page=2`);
    await user.hover(link);
    const passage = await screen.findByRole("tooltip");
    expect(passage.textContent).toContain("Cited passage · Lamp · page 2");
    expect(passage.textContent).toContain("Reading the passage…");
    answerChunk();
    // The whole passage, not the stored snippet.
    await waitFor(() =>
      expect(screen.getByRole("tooltip").textContent).toBe(`Cited passage · Lamp · page 2${PASSAGE}`),
    );
    await user.unhover(link);
    await waitFor(() => expect(screen.queryByRole("tooltip")).toBeNull());
    await user.hover(link);
    expect((await screen.findByRole("tooltip")).textContent).toContain(PASSAGE);
    expect(server.callsTo(`GET /api/documents/${DOCUMENT}/chunks/${CHUNK}`)).toHaveLength(1);
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/documents/${DOCUMENT}`));
    expect(router.state.location.search).toBe(`?chunk=${CHUNK}&page=2`);
  });

  it("notes under the sources when the passages were found by words only", async () => {
    const note = "Found by words only: the embedding model did not answer.";
    const byWords = citedAnswer.map((e) =>
      e.type === "complete" ? { ...e, sources: e.sources!.map((s) => ({ ...s, fallback: "keyword" })) } : e,
    );
    const { user } = await openChat(INSTANT, {
      "GET /api/knowledge/collections": () => json([]),
      "POST /api/chat-stream": (req) =>
        sse((req.body as { message: string }).message.startsWith("Again") ? citedAnswer : byWords),
    });
    await user.type(messageBox(), "When is the lamp lit?{Enter}");
    const log = await screen.findByRole("log", { name: "Messages" });
    const sources = await within(log).findByRole("region", { name: "Sources" });
    expect(within(sources).getByText(note)).toBeTruthy();
    await user.type(messageBox(), "Again: when is the lamp lit?{Enter}");
    await waitFor(() => expect(within(log).getAllByRole("region", { name: "Sources" })).toHaveLength(2));
    const [, second] = within(log).getAllByRole("region", { name: "Sources" });
    expect(within(second!).queryByText(note)).toBeNull();
  });

  it("shows the stored snippet on hover when the passage cannot be read", async () => {
    const { user } = await openChat(INSTANT, {
      "GET /api/knowledge/collections": () => json([]),
      "POST /api/chat-stream": () => sse(citedAnswer),
      [`GET /api/documents/${DOCUMENT}/chunks/${CHUNK}`]: () =>
        apiError(404, "NOT_FOUND", "That passage is not there any more."),
    });
    await user.type(messageBox(), "When is the lamp lit?{Enter}");
    const sources = await within(await screen.findByRole("log", { name: "Messages" })).findByRole("region", {
      name: "Sources",
    });
    await user.hover(within(sources).getByRole("link", { name: /Lighthouse manual/ }));
    await waitFor(() =>
      expect(screen.getByRole("tooltip").textContent).toContain(
        "The Quillon lamp is lit at dusk and put out at dawn.",
      ),
    );
    expect(screen.getByRole("tooltip").textContent).not.toContain("Reading the passage…");
  });

  it("switches a collection on in the Tools popover", async () => {
    const { user, server } = await openChat(INSTANT, {
      "GET /api/knowledge/collections": () => json([GUIDES]),
      "GET /api/tools": () => json([]),
      "POST /api/chat-stream": () => sse(citedAnswer),
    });
    await user.click(screen.getByRole("button", { name: "Tools" }));
    await user.click(await screen.findByRole("switch", { name: "Field guides" }));
    await user.keyboard("{Escape}");
    expect(screen.getByText("#Field guides")).toBeTruthy();
    await user.type(messageBox(), "Which birds nest here?{Enter}");
    await waitFor(() => expect(server.callsTo("POST /api/chat-stream")).toHaveLength(1));
    expect(server.callsTo("POST /api/chat-stream")[0]?.body).toMatchObject({ collectionIds: [GUIDES.id] });
  });
});
