import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CHAT_ERROR_MESSAGES, type ConversationSummary } from "@tessera/contracts";
import { changeLanguage } from "@/lib/i18n";
import { catchDownloads } from "@/testing/downloads";
import { apiError, json, sse, type StubRequest } from "@/testing/fetch-stub";
import { CHAT_PREFILL_KEY } from "./chat-page";
import { answerEvents, conversation, messageBox, openChat } from "./chat-test-steps";

const ID = "c0ffee00-0000-4000-8000-00000000000a";
const stored = [
  {
    id: "m1",
    conversation_id: ID,
    role: "user",
    content: "How do I turn on two-factor?\n\n[Attached: notes.md]\n# My notes",
    created_at: new Date(Date.now() - 3 * 864e5).toISOString(),
    tokens_used: null,
    model: null,
    sources: [],
    images: [{ id: "img1", url: "/files/chat-images/a.png" }],
  },
  {
    id: "m2",
    conversation_id: ID,
    role: "assistant",
    content: "Open **Account** [1].\n\n[Response interrupted]",
    created_at: new Date(Date.now() - 3 * 864e5).toISOString(),
    tokens_used: 12,
    model: "tessera-local",
    sources: [{ title: "Account security", url: "/help/account-security" }],
    images: [],
  },
];

/** `n` conversations, "Chat number 0" the newest, an hour apart. */
const chats = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    conversation(`c0ffee00-0000-4000-8000-${String(i).padStart(12, "0")}`, `Chat number ${i}`, i * 60),
  );

/** GET /api/conversations as the server pages it: 20 at most, below ?before=, matching ?q=. */
const servePages =
  (list: () => ConversationSummary[]) =>
  ({ query }: StubRequest) => {
    const q = (query.get("q") ?? "").toLowerCase();
    const matching = list().filter((c) => c.title.toLowerCase().includes(q));
    const before = query.get("before");
    const start = before ? matching.findIndex((c) => c.id === before) + 1 : 0;
    return json(matching.slice(start, start + 20));
  };

/** A chat list with `open` opened, whose renames the server takes as given. */
const renamable = (all: ConversationSummary[], open: ConversationSummary) => ({
  "GET /api/conversations": servePages(() => all),
  [`GET /api/conversations/${open.id}/messages`]: () => json(stored),
  [`PATCH /api/conversations/${open.id}`]: ({ body }: StubRequest) =>
    json({ ...open, title: (body as { title: string }).title.trim() }),
});

/** The chat page with `open` (one of `all`) opened, where a question gets an answer. */
const openToAnswer = (all: ConversationSummary[], open: ConversationSummary) =>
  openChat(`/dashboard/chat?conversation=${open.id}&feature_typewriterEffects=false`, {
    "GET /api/conversations": servePages(() => all),
    [`GET /api/conversations/${open.id}`]: () => json(open),
    [`GET /api/conversations/${open.id}/messages`]: () => json(stored),
    "POST /api/chat-stream": () => sse(answerEvents(open.id)),
  });

/** Opens the title box with the pencil `pencil` in `scope`, checks it holds `from`, and types `typed`. */
async function renameWith(
  user: Awaited<ReturnType<typeof openChat>>["user"],
  scope: HTMLElement,
  pencil: string,
  from: string,
  typed: string,
) {
  await user.click(await within(scope).findByRole("button", { name: pencil }));
  const box = within(scope).getByRole("textbox", { name: "Conversation title" });
  expect(box).toHaveProperty("value", from);
  expect(document.activeElement).toBe(box);
  await user.clear(box);
  await user.type(box, typed);
}

describe("chat page", () => {
  it("welcomes with Tessa and the specialized models, titled 'AI Chat | Tessera'", async () => {
    await openChat();
    expect(screen.getByRole("heading", { name: "Just Ask Tessa" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Chat with the guide/ })).toBeTruthy();
    expect(screen.getByText("Specialized Models")).toBeTruthy();
    expect(await screen.findByText("No conversations yet")).toBeTruthy();
    expect(screen.getByText("Start a new chat to begin")).toBeTruthy();
    const library = screen.getByRole("button", { name: "Prompt library" });
    // The app composes the prompt library into the chat page, so its button is live.
    expect(library.getAttribute("aria-disabled")).toBeNull();
    await waitFor(() => expect(document.title).toBe("AI Chat | Tessera"));
  });

  it("choosing the guide plays the intro and leaves the welcome screen", async () => {
    const { user } = await openChat();
    await user.click(screen.getByRole("button", { name: /Chat with the guide/ }));
    expect(screen.getByTestId("intro-overlay").textContent).toContain("Starting chat with Tessa");
    expect(screen.queryByRole("heading", { name: "Just Ask Tessa" })).toBeNull();
    expect(screen.getByRole("heading", { name: "Chat with Tessa" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId("intro-overlay")).toBeNull(), { timeout: 2500 });
    expect(JSON.parse(localStorage.getItem("favoriteModels") ?? "[]")).toEqual(["guide"]);
  });

  it("a model chosen in the picker from the welcome screen plays the intro too; in a chat it does not", async () => {
    const { user } = await openChat();
    const pick = async (name: RegExp) => {
      await user.click(screen.getByRole("button", { name: /^Choose model/ }));
      const picker = await screen.findByRole("dialog", { name: "Select AI Model" });
      await user.click(within(picker).getByRole("button", { name }));
    };
    await pick(/^Tessera Local/);
    expect(screen.getByTestId("intro-overlay").textContent).toContain("Starting chat with Tessera Local");
    expect(screen.queryByRole("heading", { name: "Just Ask Tessa" })).toBeNull();
    await waitFor(() => expect(screen.queryByTestId("intro-overlay")).toBeNull(), { timeout: 2500 });
    // Past the welcome screen, a change of model is only that.
    await pick(/^Tessa/);
    expect(screen.getByRole("button", { name: /^Choose model/ }).textContent).toContain("Tessa");
    expect(screen.queryByTestId("intro-overlay")).toBeNull();
  });

  it("accepts only allowed models from the address; legacy names mean the guide", async () => {
    await openChat("/dashboard/chat?model=claude-sonnet");
    expect(screen.getByRole("button", { name: /^Choose model/ }).textContent).toContain("Claude 4 Sonnet");
  });

  it("ignores a model the address may not choose", async () => {
    await openChat("/dashboard/chat?model=qwen-3");
    expect(screen.getByRole("heading", { name: "Just Ask Tessa" })).toBeTruthy();
  });

  it("a legacy alias opens the guide", async () => {
    await openChat("/dashboard/chat?model=core");
    expect(await screen.findByRole("heading", { name: "Chat with Tessa" })).toBeTruthy();
  });

  it("a prefill from session storage fills the box, picks the guide and is used once", async () => {
    sessionStorage.setItem(CHAT_PREFILL_KEY, "Summarize my notes");
    await openChat();
    expect(messageBox()).toHaveProperty("value", "Summarize my notes");
    expect(screen.getByRole("heading", { name: "Chat with Tessa" })).toBeTruthy();
    expect(sessionStorage.getItem(CHAT_PREFILL_KEY)).toBeNull();
  });

  it("the model picker lists the groups, marks the current model and disables unavailable ones", async () => {
    const { user } = await openChat("/dashboard/chat?model=guide");
    await user.click(screen.getByRole("button", { name: /^Choose model/ }));
    const dialog = await screen.findByRole("dialog", { name: "Select AI Model" });
    expect(within(dialog).getByRole("heading", { name: /Tessera/ })).toBeTruthy();
    expect(within(dialog).getByRole("heading", { name: /Industry Leaders/ })).toBeTruthy();
    expect(within(dialog).getByRole("heading", { name: /Open Source/ })).toBeTruthy();
    const tessa = within(dialog).getByRole("button", { name: /^Tessa/ });
    expect(tessa.textContent).toContain("Selected");
    expect(tessa.textContent).toContain("Vision");
    expect(tessa.textContent).toContain("Research");
    const gpt5 = within(dialog).getAllByRole("button", { name: /^GPT-5/ })[0]!;
    expect(gpt5).toHaveProperty("disabled", true);
    expect(gpt5.textContent).toContain("Not enabled on this server.");
    await user.click(within(dialog).getByRole("button", { name: /^Tessera Local/ }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("button", { name: /^Choose model/ }).textContent).toContain("Tessera Local");
  });

  it("opens a stored conversation from the address with its sources, pictures and files", async () => {
    await openChat(`/dashboard/chat?conversation=${ID}`, {
      "GET /api/conversations": () => json([conversation(ID, "Two-factor")]),
      [`GET /api/conversations/${ID}/messages`]: () => json(stored),
    });
    const log = await screen.findByRole("log", { name: "Messages" });
    expect(within(log).getByText("How do I turn on two-factor?")).toBeTruthy();
    expect(within(log).getByText("notes.md")).toBeTruthy();
    expect(within(log).getByRole("img", { name: "Attached image" }).getAttribute("src")).toBe(
      "/files/chat-images/a.png",
    );
    expect(within(log).getByText(/\[Response interrupted\]/)).toBeTruthy();
    expect(within(log).getByText("Account security")).toBeTruthy();
    expect(within(log).getByText("Tessera Local")).toBeTruthy();
    expect(within(log).getByText("60 tokens")).toBeTruthy();
    expect(await screen.findByTestId("chat-title")).toHaveProperty("textContent", "Two-factor");
  });

  it("says why a stored answer ended in error, in the reader's language, after a reload", async () => {
    const failed = [
      stored[0],
      {
        ...stored[1],
        content: "Open **Account**",
        status: "error",
        error: CHAT_ERROR_MESSAGES.unavailable,
      },
    ];
    await openChat(`/dashboard/chat?conversation=${ID}`, {
      "GET /api/conversations": () => json([conversation(ID, "Two-factor")]),
      [`GET /api/conversations/${ID}/messages`]: () => json(failed),
    });
    const log = await screen.findByRole("log", { name: "Messages" });
    expect(
      await within(log).findByText(`The answer stopped with an error: ${CHAT_ERROR_MESSAGES.unavailable}`),
    ).toBeTruthy();
    await changeLanguage("de");
    try {
      expect(
        await within(log).findByText(
          "Die Antwort brach mit einem Fehler ab: Das gewählte Modell ist derzeit nicht verfügbar. Bitte versuchen Sie ein anderes Modell.",
        ),
      ).toBeTruthy();
    } finally {
      await changeLanguage("en");
    }
  });

  it("titles an opened conversation that is not among the recent ones by asking for it", async () => {
    const older = conversation(ID, "Seed order for the allotment", 60 * 24 * 90);
    const { server } = await openChat(`/dashboard/chat?conversation=${ID}`, {
      "GET /api/conversations": servePages(() => chats(20)),
      [`GET /api/conversations/${ID}`]: () => json(older),
      [`GET /api/conversations/${ID}/messages`]: () => json(stored),
    });
    await waitFor(() =>
      expect(screen.getByTestId("chat-title").textContent).toBe("Seed order for the allotment"),
    );
    expect(server.callsTo(`GET /api/conversations/${ID}`)).toHaveLength(1);
  });

  it("opens a long conversation at its newest page and puts the earlier messages above it", async () => {
    const message = (n: number) => ({
      ...stored[n % 2]!,
      id: `m-${n}`,
      content: `Message number ${n}`,
      images: [],
      sources: [],
    });
    // 130 messages: a full page of the newest 100, then the 30 before them. The second ask fails once.
    let failOnce = true;
    const { user, server } = await openChat(`/dashboard/chat?conversation=${ID}`, {
      [`GET /api/conversations/${ID}/messages`]: ({ query }) => {
        const before = query.get("before");
        if (!before) return json(Array.from({ length: 100 }, (_, i) => message(30 + i)));
        if (failOnce) {
          failOnce = false;
          return apiError(500, "INTERNAL", "Internal error.");
        }
        return json(Array.from({ length: 30 }, (_, i) => message(i)));
      },
    });
    const log = await screen.findByRole("log", { name: "Messages" });
    expect(within(log).getByText("Message number 129")).toBeTruthy();
    // (In this DOM nothing is laid out, so the whole list is "in view" and the earlier page is asked for.)
    // The toast is looked for where sonner puts it: a text query over a page of 100 rendered messages
    // takes a good part of a second each time it runs, long enough on a loaded machine to time out.
    await waitFor(() =>
      expect(document.querySelector("[data-sonner-toast]")?.textContent).toContain(
        "Failed to load earlier messages",
      ),
    );
    await user.click(within(log).getByRole("button", { name: "Load earlier messages" }));
    expect(await within(log).findByText("Message number 0")).toBeTruthy();
    const asks = server.callsTo(`GET /api/conversations/${ID}/messages`).map((c) => c.query.toString());
    expect(asks).toEqual(["limit=100", "limit=100&before=m-30", "limit=100&before=m-30"]);
    const shown = within(log)
      .getAllByText(/^Message number \d+$/)
      .map((el) => Number(el.textContent.split(" ").at(-1)));
    expect(shown).toEqual(Array.from({ length: 130 }, (_, i) => i));
    // Fewer than a page came back: that was the first message, nothing more is asked for.
    expect(within(log).queryByRole("button", { name: "Load earlier messages" })).toBeNull();
    expect(within(log).queryByRole("status", { name: "Loading earlier messages" })).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(server.callsTo(`GET /api/conversations/${ID}/messages`)).toHaveLength(3);
  });

  it("says so when a conversation cannot be loaded", async () => {
    await openChat(`/dashboard/chat?conversation=${ID}`, {
      [`GET /api/conversations/${ID}`]: () => apiError(500, "INTERNAL", "Internal error."),
      [`GET /api/conversations/${ID}/messages`]: () => apiError(500, "INTERNAL", "Internal error."),
    });
    expect(await screen.findByText("Failed to load conversation history")).toBeTruthy();
  });

  it("says why when the conversation of a link is not there", async () => {
    await openChat(`/dashboard/chat?conversation=${ID}`, {
      [`GET /api/conversations/${ID}`]: () => apiError(404, "NOT_FOUND", "Conversation not found."),
      [`GET /api/conversations/${ID}/messages`]: () => apiError(404, "NOT_FOUND", "Conversation not found."),
    });
    expect(
      await screen.findByText(
        "Failed to load conversation history: this conversation may have been deleted, or it belongs to someone else.",
      ),
    ).toBeTruthy();
  });

  it("opens a conversation from Recent Chats, deletes it after confirming, and starts afresh", async () => {
    let list = [
      conversation(ID, "Two-factor"),
      conversation("c0ffee00-0000-4000-8000-00000000000b", "Other"),
    ];
    const { user, router, server } = await openChat("/dashboard/chat", {
      "GET /api/conversations": () => json(list),
      [`GET /api/conversations/${ID}/messages`]: () => json(stored),
      [`DELETE /api/conversations/${ID}`]: () => {
        list = list.filter((c) => c.id !== ID);
        return new Response(null, { status: 204 });
      },
    });
    await user.click(await screen.findByRole("link", { name: /Two-factor/ }));
    await screen.findByRole("log", { name: "Messages" });
    expect(router.state.location.search).toBe(`?conversation=${ID}`);

    await user.click(screen.getByRole("button", { name: "Delete conversation: Two-factor" }));
    const confirm = await screen.findByRole("alertdialog");
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Conversation deleted")).toBeTruthy();
    expect(server.callsTo(`DELETE /api/conversations/${ID}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole("link", { name: /Two-factor/ })).toBeNull());
    expect(router.state.location.search).toBe("");
    expect(screen.queryByRole("log", { name: "Messages" })).toBeNull();
  });

  it("shows older chats a page at a time below the recent 20, and finds chats by title", async () => {
    const all = chats(45);
    const { user, server } = await openChat("/dashboard/chat", {
      "GET /api/conversations": servePages(() => all),
    });
    const nav = await screen.findByRole("navigation", { name: "Conversations" });
    await within(nav).findByRole("link", { name: /Chat number 19\b/ });
    expect(within(nav).getAllByRole("link")).toHaveLength(20);

    await user.click(within(nav).getByRole("button", { name: "Show older chats" }));
    await within(nav).findByRole("link", { name: /Chat number 39\b/ });
    expect(within(nav).getAllByRole("link")).toHaveLength(40);
    await user.click(within(nav).getByRole("button", { name: "Show older chats" }));
    await within(nav).findByRole("link", { name: /Chat number 44\b/ });
    expect(within(nav).getAllByRole("link")).toHaveLength(45);
    // The last page was not full: there is nothing older.
    expect(within(nav).queryByRole("button", { name: "Show older chats" })).toBeNull();
    expect(server.callsTo("GET /api/conversations").map((r) => r.query.get("before"))).toEqual([
      null,
      all[19]!.id,
      all[39]!.id,
    ]);

    // A search asks the server once the typing stops, and lists what matches. (Pasted: typed one key
    // at a time on a loaded machine, a pause between two keys could be taken for the end of typing.)
    await user.click(screen.getByRole("searchbox", { name: "Search chats" }));
    await user.paste("number 4");
    const found = await screen.findByRole("list", { name: "Chats found" });
    const titles = within(found)
      .getAllByRole("link")
      .map((l) => within(l).getByText(/^Chat number \d+$/).textContent);
    expect(titles).toEqual(["Chat number 4", ...[40, 41, 42, 43, 44].map((n) => `Chat number ${n}`)]);
    expect(server.callsTo("GET /api/conversations").filter((r) => r.query.has("q"))).toHaveLength(1);
    await user.clear(screen.getByRole("searchbox", { name: "Search chats" }));
    await user.paste("nothing like it");
    expect(await screen.findByText("No chats match \u201cnothing like it\u201d")).toBeTruthy();
    await user.clear(screen.getByRole("searchbox", { name: "Search chats" }));
    await waitFor(() => expect(within(nav).getAllByRole("link")).toHaveLength(45));
  });

  it("a new turn in an older chat moves it to the top of the pages shown, without asking for them again", async () => {
    const all = chats(25);
    const open = all[22]!;
    const { user, server } = await openToAnswer(all, open);
    const nav = await screen.findByRole("navigation", { name: "Conversations" });
    await user.click(await within(nav).findByRole("button", { name: "Show older chats" }));
    await within(nav).findByRole("link", { name: /Chat number 22\b/ });
    const listAsks = server.callsTo("GET /api/conversations").length;

    await user.type(messageBox(), "One more question{Enter}");
    await screen.findByText("1.2k tokens");
    const titles = () =>
      within(nav)
        .getAllByRole("link")
        .map((l) => within(l).getByText(/^Chat number \d+$/).textContent);
    await waitFor(() => expect(titles()[0]).toBe("Chat number 22"));
    expect(titles()).toEqual(
      [22, ...Array.from({ length: 25 }, (_, i) => i).filter((i) => i !== 22)].map((i) => `Chat number ${i}`),
    );
    expect(within(nav).getAllByRole("link")[0]!.textContent).toContain("just now");
    expect(server.callsTo("GET /api/conversations")).toHaveLength(listAsks);
  });

  it("a new turn in a chat found by search moves it to the top of what was found, without searching again", async () => {
    const all = chats(25);
    const open = all[22]!;
    const { user, server } = await openToAnswer(all, open);
    await user.type(await screen.findByRole("searchbox", { name: "Search chats" }), "number 2");
    const found = await screen.findByRole("list", { name: "Chats found" });
    const titles = () =>
      within(found)
        .getAllByRole("link")
        .map((l) => within(l).getByText(/^Chat number \d+$/).textContent);
    await waitFor(() => expect(titles()).toHaveLength(6));
    expect(titles()[0]).toBe("Chat number 2");
    const searches = () => server.callsTo("GET /api/conversations").filter((r) => r.query.has("q"));
    expect(searches()).toHaveLength(1);

    await user.type(messageBox(), "One more question{Enter}");
    await screen.findByText("1.2k tokens");
    await waitFor(() => expect(titles()[0]).toBe("Chat number 22"));
    expect(titles()).toEqual([22, 2, 20, 21, 23, 24].map((i) => `Chat number ${i}`));
    expect(within(found).getAllByRole("link")[0]!.textContent).toContain("just now");
    expect(searches()).toHaveLength(1);
  });

  it("a new chat that matches the search shown is found without typing the search again", async () => {
    const all = chats(3);
    const started = conversation("c0ffee00-0000-4000-8000-0000000000aa", "Chat number 7", 0);
    const { user } = await openChat("/dashboard/chat?feature_typewriterEffects=false", {
      "GET /api/conversations": servePages(() => all),
      "POST /api/chat-stream": () => {
        all.unshift(started);
        return sse(answerEvents(started.id));
      },
      [`GET /api/conversations/${started.id}`]: () => json(started),
    });
    await user.type(await screen.findByRole("searchbox", { name: "Search chats" }), "number 7");
    expect(await screen.findByText("No chats match \u201cnumber 7\u201d")).toBeTruthy();

    await user.type(messageBox(), "Chat number 7{Enter}");
    await screen.findByText("1.2k tokens");
    const found = await screen.findByRole("list", { name: "Chats found" });
    expect(await within(found).findByRole("link", { name: /Chat number 7\b/ })).toBeTruthy();
  });

  it("deletes an older chat from the list, and a chat found by search", async () => {
    let all = chats(25);
    const { user } = await openChat("/dashboard/chat", {
      "GET /api/conversations": servePages(() => all),
      ...Object.fromEntries(
        [22, 24].map((n) => [
          `DELETE /api/conversations/${all[n]!.id}`,
          () => {
            all = all.filter((c) => c.title !== `Chat number ${n}`);
            return new Response(null, { status: 204 });
          },
        ]),
      ),
    });
    const nav = await screen.findByRole("navigation", { name: "Conversations" });
    await user.click(await within(nav).findByRole("button", { name: "Show older chats" }));
    const remove = async (title: string) => {
      await user.click(within(nav).getByRole("button", { name: `Delete conversation: ${title}` }));
      await user.click(
        within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }),
      );
    };
    await within(nav).findByRole("link", { name: /Chat number 22\b/ });
    await remove("Chat number 22");
    await waitFor(() => expect(within(nav).queryByRole("link", { name: /Chat number 22\b/ })).toBeNull());
    expect(within(nav).getAllByRole("link")).toHaveLength(24);

    await user.type(screen.getByRole("searchbox", { name: "Search chats" }), "number 2");
    const found = await screen.findByRole("list", { name: "Chats found" });
    await within(found).findByRole("link", { name: /Chat number 24\b/ });
    await remove("Chat number 24");
    await waitFor(() => expect(within(found).queryByRole("link", { name: /Chat number 24\b/ })).toBeNull());
  });

  it("renames a chat in place: the list and the header show the new title, and nothing moves", async () => {
    const all = chats(3);
    const open = all[1]!;
    const { user, server } = await openChat(`/dashboard/chat?conversation=${open.id}`, renamable(all, open));
    const nav = await screen.findByRole("navigation", { name: "Conversations" });
    await within(nav).findByRole("link", { name: /Chat number 1\b/ });
    const pencil = "Rename conversation: Chat number 1";
    await renameWith(user, nav, pencil, "Chat number 1", "  Seed order for the allotment {Enter}");

    expect(server.callsTo(`PATCH /api/conversations/${open.id}`).map((r) => r.body)).toEqual([
      { title: "Seed order for the allotment" },
    ]);
    await waitFor(() =>
      expect(screen.getByTestId("chat-title").textContent).toBe("Seed order for the allotment"),
    );
    const titles = within(nav)
      .getAllByRole("link")
      .map((l) => within(l).getByText(/^(Chat number \d+|Seed order for the allotment)$/).textContent);
    expect(titles).toEqual(["Chat number 0", "Seed order for the allotment", "Chat number 2"]);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(nav).getByRole("button", { name: "Rename conversation: Seed order for the allotment" }),
      ),
    );
  });

  it("renames the open chat from its header; a new chat has nothing to rename", async () => {
    const all = chats(3);
    const open = all[1]!;
    const { user, server } = await openChat(`/dashboard/chat?conversation=${open.id}`, renamable(all, open));
    const chat = screen.getByRole("region", { name: "Chat" });
    await renameWith(user, chat, "Rename this conversation", "Chat number 1", "Pruning the pear tree{Enter}");

    expect(server.callsTo(`PATCH /api/conversations/${open.id}`).map((r) => r.body)).toEqual([
      { title: "Pruning the pear tree" },
    ]);
    await waitFor(() => expect(screen.getByTestId("chat-title").textContent).toBe("Pruning the pear tree"));
    const nav = screen.getByRole("navigation", { name: "Conversations" });
    const titles = within(nav)
      .getAllByRole("link")
      .map((l) => within(l).getByText(/^(Chat number \d+|Pruning the pear tree)$/).textContent);
    expect(titles).toEqual(["Chat number 0", "Pruning the pear tree", "Chat number 2"]);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(chat).getByRole("button", { name: "Rename this conversation" }),
      ),
    );

    await user.click(within(chat).getByRole("button", { name: "Rename this conversation" }));
    await user.type(within(chat).getByRole("textbox", { name: "Conversation title" }), "x{Escape}");
    expect(screen.getByTestId("chat-title").textContent).toBe("Pruning the pear tree");
    expect(server.callsTo(`PATCH /api/conversations/${open.id}`)).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "New" }));
    await waitFor(() => expect(screen.getByTestId("chat-title").textContent).toBe("New chat"));
    expect(within(chat).queryByRole("button", { name: "Rename this conversation" })).toBeNull();
  });

  it("Ctrl+K puts the cursor in Search chats, from the message box too; Ctrl+Shift+O starts a new chat", async () => {
    const all = chats(3);
    const { user, router } = await openChat(
      `/dashboard/chat?conversation=${all[1]!.id}`,
      renamable(all, all[1]!),
    );
    const search = await screen.findByRole("searchbox", { name: "Search chats" });
    expect(search.getAttribute("aria-keyshortcuts")).toBe("Control+K Meta+K");
    await user.click(messageBox());
    await user.keyboard("{Control>}k{/Control}");
    expect(document.activeElement).toBe(search);
    await user.type(search, "number 2");
    await user.click(messageBox());
    await user.keyboard("{Meta>}k{/Meta}");
    expect(document.activeElement).toBe(search);
    // Selected, so typing replaces the last search.
    expect(
      [search as HTMLInputElement].map((b) => b.value.slice(b.selectionStart ?? 0, b.selectionEnd ?? 0)),
    ).toEqual(["number 2"]);

    // Not from a dialog over the chat: the model picker keeps its keys.
    await user.click(screen.getByRole("button", { name: /^Choose model/ }));
    const picker = await screen.findByRole("dialog");
    await user.keyboard("{Control>}k{/Control}");
    expect(picker.contains(document.activeElement)).toBe(true);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    expect(screen.getByTestId("chat-title").textContent).toBe("Chat number 1");
    await user.keyboard("{Control>}{Shift>}O{/Shift}{/Control}");
    await waitFor(() => expect(router.state.location.search).toBe(""));
    // The page follows the address on its next render.
    await waitFor(() => expect(screen.getByTestId("chat-title").textContent).toBe("New chat"));
    expect(document.activeElement).toBe(messageBox());
  });

  it("Escape or an unchanged title asks nothing; a refused rename says so and keeps the title", async () => {
    const all = chats(2);
    const { user, server } = await openChat("/dashboard/chat", {
      "GET /api/conversations": servePages(() => all),
      [`PATCH /api/conversations/${all[0]!.id}`]: () => apiError(500, "INTERNAL", "Internal error."),
    });
    const nav = await screen.findByRole("navigation", { name: "Conversations" });
    const rename = async () =>
      user.click(await within(nav).findByRole("button", { name: "Rename conversation: Chat number 0" }));

    await rename();
    await user.type(
      within(nav).getByRole("textbox", { name: "Conversation title" }),
      "Something else{Escape}",
    );
    expect(within(nav).queryByRole("textbox")).toBeNull();
    await rename();
    await user.keyboard("{Enter}");
    expect(server.callsTo(`PATCH /api/conversations/${all[0]!.id}`)).toHaveLength(0);

    await rename();
    const box = within(nav).getByRole("textbox", { name: "Conversation title" });
    await user.clear(box);
    await user.type(box, "Never saved");
    await user.click(within(nav).getByRole("link", { name: /Chat number 1\b/ })); // leaving the box saves
    expect(await screen.findByText("Failed to rename conversation")).toBeTruthy();
    expect(server.callsTo(`PATCH /api/conversations/${all[0]!.id}`)).toHaveLength(1);
    expect(await within(nav).findByRole("link", { name: /Chat number 0\b/ })).toBeTruthy();
    expect(within(nav).queryByText("Never saved")).toBeNull();
  });

  it("in the small-screen sheet, Escape cancels a rename and leaves the sheet open; a second Escape closes it", async () => {
    const { user } = await openChat("/dashboard/chat", {
      "GET /api/conversations": servePages(() => chats(2)),
    });
    await user.click(screen.getByRole("button", { name: "Show recent chats" }));
    const sheet = await screen.findByRole("dialog");
    await user.click(
      await within(sheet).findByRole("button", { name: "Rename conversation: Chat number 0" }),
    );
    await user.type(within(sheet).getByRole("textbox", { name: "Conversation title" }), "x{Escape}");
    expect(within(sheet).queryByRole("textbox", { name: "Conversation title" })).toBeNull();
    expect(screen.getByRole("dialog")).toBe(sheet);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("downloads the open conversation as the Markdown file the server names, and says when it cannot", async () => {
    const { saved, click, restore } = catchDownloads();
    let fail = false;
    const { user, server } = await openChat(`/dashboard/chat?conversation=${ID}`, {
      "GET /api/conversations": () => json([conversation(ID, "Two-factor")]),
      [`GET /api/conversations/${ID}/messages`]: () => json(stored),
      [`GET /api/conversations/${ID}/export`]: () =>
        fail
          ? apiError(500, "INTERNAL", "Internal error.")
          : new Response("# Two-factor\n", {
              headers: {
                "content-type": "text/markdown; charset=utf-8",
                "content-disposition": `attachment; filename="two-factor.md"; filename*=UTF-8''two-factor.md`,
              },
            }),
    });
    await screen.findByRole("log", { name: "Messages" });
    await user.click(screen.getByRole("button", { name: "Download conversation" }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(saved[0]!.name).toBe("two-factor.md");
    expect(await saved[0]!.text).toBe("# Two-factor\n");
    expect(server.callsTo(`GET /api/conversations/${ID}/export`)[0]!.headers.authorization).toMatch(
      /^Bearer /,
    );

    fail = true;
    await user.click(screen.getByRole("button", { name: "Download conversation" }));
    expect(await screen.findByText("Failed to download conversation")).toBeTruthy();
    expect(click).toHaveBeenCalledTimes(1);
    restore();
  });

  it("offers no download before a conversation exists", async () => {
    await openChat("/dashboard/chat");
    expect(screen.queryByRole("button", { name: "Download conversation" })).toBeNull();
  });

  it("tells when a conversation could not be deleted", async () => {
    const { user } = await openChat("/dashboard/chat", {
      "GET /api/conversations": () => json([conversation(ID, "Two-factor")]),
      [`DELETE /api/conversations/${ID}`]: () => apiError(500, "INTERNAL", "boom"),
    });
    await user.click(await screen.findByRole("button", { name: "Delete conversation: Two-factor" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Failed to delete conversation")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Two-factor/ })).toBeTruthy();
  });

  it("New clears the conversation and the address", async () => {
    const { user, router } = await openChat(`/dashboard/chat?conversation=${ID}`, {
      [`GET /api/conversations/${ID}/messages`]: () => json(stored),
    });
    await screen.findByRole("log", { name: "Messages" });
    await user.click(screen.getByRole("button", { name: "New" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(screen.queryByRole("log", { name: "Messages" })).toBeNull();
  });
});

describe("chat interface toggle", () => {
  it("is hidden unless the streamingChatV2 flag is on", async () => {
    // The toggle's code in hand first, so a toggle wrongly shown would be on screen within a turn.
    await import("./interface-toggle");
    await openChat();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole("button", { name: /Try New Interface/ })).toBeNull();
  });

  it("switches to the new interface and back, and remembers the choice", async () => {
    const { user } = await openChat("/dashboard/chat?feature_streamingChatV2=true");
    const toggle = await screen.findByRole("button", { name: /Try New Interface/ });
    expect(within(toggle).getByText("Beta")).toBeTruthy();
    await user.click(toggle);
    expect(localStorage.getItem("preferred_chat_interface")).toBe("new");
    await user.click(screen.getByRole("button", { name: "Back to Classic" }));
    expect(localStorage.getItem("preferred_chat_interface")).toBe("old");
  });

  it("beta=1 turns every flag on", async () => {
    await openChat("/dashboard/chat?beta=1");
    expect(await screen.findByRole("button", { name: /Try New Interface/ })).toBeTruthy();
  });
});
