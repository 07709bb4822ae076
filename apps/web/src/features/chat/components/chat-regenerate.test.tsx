import { STREAM_MESSAGES, type StoredMessage } from "@tessera/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, json, liveSse, sse } from "@/testing/fetch-stub";
import { ANSWER_ID, answerEvents, conversation, messageBox, openChat } from "./chat-test-steps";

const INSTANT = "/dashboard/chat?feature_typewriterEffects=false";
const CONVERSATION = "c0ffee00-0000-4000-8000-000000000001";
const NEW_ANSWER = "a0a0a0a0-0000-4000-8000-0000000000aa";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const againEvents = (messageId = NEW_ANSWER, text = "A second, different answer.") => [
  { type: "start", conversationId: CONVERSATION, model: "guide", messageId },
  { type: "chunk", content: text },
  { type: "complete", outputTokens: 30, sources: [], messageId },
];

const stored = (id: string, role: "user" | "assistant", content: string, minute: number): StoredMessage => ({
  id,
  conversation_id: CONVERSATION,
  role,
  content,
  created_at: new Date(Date.UTC(2026, 10, 30, 9, minute)).toISOString(),
  tokens_used: role === "assistant" ? 20 : null,
  model: role === "assistant" ? "guide" : null,
  sources: [],
  images: [],
  status: "complete",
});

const log = () => screen.getByRole("log", { name: "Messages" });
const regenerateButtons = () => within(log()).queryAllByRole("button", { name: "Regenerate" });

describe("chat: regenerate the last answer", () => {
  it("answers again in the old answer's place, naming the answer the server stored", async () => {
    let answers = 0;
    const { user, server } = await openChat(INSTANT, {
      "POST /api/chat-stream": () => sse(answerEvents(CONVERSATION)),
      "POST /api/chat-stream/regenerate": () =>
        sse(
          answers++ === 0 ? againEvents() : againEvents("a0a0a0a0-0000-4000-8000-0000000000bb", "A third."),
        ),
      "GET /api/conversations": () => json([conversation(CONVERSATION, "Which model for code?")]),
    });
    await user.type(messageBox(), "Which model should I use for code?{Enter}");
    await within(await screen.findByRole("log", { name: "Messages" })).findByText(
      /It is an open-weight specialist\./,
    );

    await user.click(await within(log()).findByRole("button", { name: "Regenerate" }));
    expect(await within(log()).findByText("A second, different answer.")).toBeTruthy();
    expect(within(log()).queryByText(/It is an open-weight specialist\./)).toBeNull();
    // One question and one answer: the new answer took the old one's place.
    expect(
      within(log())
        .getAllByRole("article")
        .map((a) => a.getAttribute("aria-label")),
    ).toEqual(["You said", "Tessa said"]);
    expect(server.callsTo("POST /api/chat-stream/regenerate")[0]?.body).toEqual({
      messageId: ANSWER_ID,
      model: "guide",
      research: true,
      deepCrawl: true,
      clientMessageId: expect.stringMatching(UUID) as string,
    });

    // Offered again on the new answer, which it then names.
    await user.click(await within(log()).findByRole("button", { name: "Regenerate" }));
    expect(await within(log()).findByText("A third.")).toBeTruthy();
    const calls = server.callsTo("POST /api/chat-stream/regenerate");
    expect((calls[1]?.body as { messageId: string }).messageId).toBe(NEW_ANSWER);
    expect(server.callsTo("POST /api/chat-stream")).toHaveLength(1);
  });

  it("in a stored conversation it is offered on every answer, and names its stored id", async () => {
    const { user, server } = await openChat(`${INSTANT}&conversation=${CONVERSATION}`, {
      [`GET /api/conversations/${CONVERSATION}/messages`]: () =>
        json([
          stored("11111111-0000-4000-8000-000000000001", "user", "First question", 1),
          stored("11111111-0000-4000-8000-000000000002", "assistant", "First answer", 2),
          stored("11111111-0000-4000-8000-000000000003", "user", "Second question", 3),
          stored("11111111-0000-4000-8000-000000000004", "assistant", "Second answer", 4),
        ]),
      "POST /api/chat-stream/regenerate": () => sse(againEvents()),
    });
    await within(await screen.findByRole("log", { name: "Messages" })).findByText("Second answer");
    expect(regenerateButtons()).toHaveLength(2);
    const last = within(log()).getAllByRole("article").at(-1)!;
    await user.click(within(last).getByRole("button", { name: "Regenerate" }));
    expect(await within(log()).findByText("A second, different answer.")).toBeTruthy();
    expect(within(log()).getByText("First answer")).toBeTruthy();
    expect(within(log()).queryByText("Second answer")).toBeNull();
    expect(
      (server.callsTo("POST /api/chat-stream/regenerate")[0]?.body as { messageId: string }).messageId,
    ).toBe("11111111-0000-4000-8000-000000000004");
  });

  it("refused before a word came, the old answer is back and the reason is shown", async () => {
    const { user } = await openChat(INSTANT, {
      "POST /api/chat-stream": () => sse(answerEvents(CONVERSATION)),
      "POST /api/chat-stream/regenerate": () => apiError(409, "CONFLICT", STREAM_MESSAGES.notLatest),
    });
    await user.type(messageBox(), "Which model should I use for code?{Enter}");
    await within(await screen.findByRole("log", { name: "Messages" })).findByText(
      /It is an open-weight specialist\./,
    );
    await user.click(await within(log()).findByRole("button", { name: "Regenerate" }));
    expect(await screen.findByText(STREAM_MESSAGES.notLatest)).toBeTruthy();
    expect(within(log()).getByText(/It is an open-weight specialist\./)).toBeTruthy();
    expect(within(log()).getAllByRole("article")).toHaveLength(2);
    expect(regenerateButtons()).toHaveLength(1);
  });

  it("is not offered while an answer is being written, and Stop keeps the new answer's words", async () => {
    const stream = liveSse();
    const { user, server } = await openChat(INSTANT, {
      "POST /api/chat-stream": () => sse(answerEvents(CONVERSATION)),
      "POST /api/chat-stream/regenerate": stream.handler,
      "POST /api/chat-stream/stop": () => new Response(null, { status: 204 }),
      [`GET /api/conversations/${CONVERSATION}/messages`]: () => json([]),
    });
    await user.type(messageBox(), "Which model should I use for code?{Enter}");
    await within(await screen.findByRole("log", { name: "Messages" })).findByText(
      /It is an open-weight specialist\./,
    );
    await user.click(await within(log()).findByRole("button", { name: "Regenerate" }));
    stream.push({ type: "start", conversationId: CONVERSATION, model: "guide", messageId: NEW_ANSWER });
    stream.push({ type: "chunk", content: "A new beginning" });
    await within(log()).findByText(/A new beginning/);
    expect(regenerateButtons()).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Stop" }));
    expect(await within(log()).findByText("[Response interrupted]")).toBeTruthy();
    expect(within(log()).getByText("A new beginning")).toBeTruthy();
    expect(within(log()).queryByText(/It is an open-weight specialist\./)).toBeNull();
    expect(server.callsTo("POST /api/chat-stream/stop")[0]?.body).toEqual({ messageId: NEW_ANSWER });
    await waitFor(() => expect(regenerateButtons()).toHaveLength(1));
  });

  it("Edit on the last question asks it anew in its new words, in place of it and its answer", async () => {
    let refuse = false;
    // The server names the conversation after its first question, edited or not.
    let title = "Which model should I use for code?";
    const { user, server } = await openChat(INSTANT, {
      "POST /api/chat-stream": () => sse(answerEvents(CONVERSATION)),
      "POST /api/chat-stream/regenerate": () => {
        if (refuse) return apiError(409, "CONFLICT", STREAM_MESSAGES.notLatest);
        title = "Which model for poems?";
        return sse(againEvents());
      },
      "GET /api/conversations": () => json([conversation(CONVERSATION, title)]),
    });
    await user.type(messageBox(), "Which model should I use for code?{Enter}");
    await within(await screen.findByRole("log", { name: "Messages" })).findByText(
      /It is an open-weight specialist\./,
    );
    const question = () => within(log()).getAllByRole("article")[0]!;

    // Escape leaves it as it was; the same words cannot be sent.
    await user.click(await within(question()).findByRole("button", { name: "Edit" }));
    const box = within(question()).getByRole("textbox", { name: "Question" });
    expect(box).toHaveProperty("value", "Which model should I use for code?");
    expect(within(question()).getByRole("button", { name: "Send" })).toHaveProperty("disabled", true);
    await user.keyboard("{Escape}");
    expect(within(question()).queryByRole("textbox", { name: "Question" })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(question()).getByRole("button", { name: "Edit" })),
    );

    // Refused: the question and its answer are back as they were.
    refuse = true;
    await user.click(within(question()).getByRole("button", { name: "Edit" }));
    await user.clear(within(question()).getByRole("textbox", { name: "Question" }));
    await user.type(
      within(question()).getByRole("textbox", { name: "Question" }),
      "Which model for poems?{Enter}",
    );
    expect(await screen.findByText(STREAM_MESSAGES.notLatest)).toBeTruthy();
    expect(within(log()).getByText("Which model should I use for code?")).toBeTruthy();
    expect(within(log()).getByText(/It is an open-weight specialist\./)).toBeTruthy();
    expect(within(log()).queryByText("Which model for poems?")).toBeNull();

    refuse = false;
    await user.click(within(question()).getByRole("button", { name: "Edit" }));
    await user.clear(within(question()).getByRole("textbox", { name: "Question" }));
    await user.type(within(question()).getByRole("textbox", { name: "Question" }), "Which model for poems?");
    await user.click(within(question()).getByRole("button", { name: "Send" }));
    expect(await within(log()).findByText("A second, different answer.")).toBeTruthy();
    expect(within(log()).getByText("Which model for poems?")).toBeTruthy();
    expect(within(log()).queryByText("Which model should I use for code?")).toBeNull();
    expect(within(log()).getAllByRole("article")).toHaveLength(2);
    const calls = server.callsTo("POST /api/chat-stream/regenerate");
    expect(calls.at(-1)?.body).toMatchObject({ messageId: ANSWER_ID, message: "Which model for poems?" });
    // Offered again on the new wording.
    expect(within(question()).getByRole("button", { name: "Edit" })).toBeTruthy();
    // The list of conversations is asked again, and shows the new name.
    const sidebar = screen.getByRole("navigation", { name: "Conversations" });
    expect(await within(sidebar).findByRole("link", { name: /Which model for poems\?/ })).toBeTruthy();
    expect(within(sidebar).queryByRole("link", { name: /Which model should I use for code\?/ })).toBeNull();
  });

  it("stopped before a word reached the page, it shows what the server kept: the old answer, or words it got first", async () => {
    const streams = [liveSse(), liveSse()];
    let served = 0;
    let kept: StoredMessage[] = [];
    const { user } = await openChat(INSTANT, {
      "POST /api/chat-stream": () => sse(answerEvents(CONVERSATION)),
      "POST /api/chat-stream/regenerate": (...args) => streams[served++]!.handler(...args),
      "POST /api/chat-stream/stop": () => new Response(null, { status: 204 }),
      [`GET /api/conversations/${CONVERSATION}/messages`]: () => json(kept),
    });
    await user.type(messageBox(), "Which model should I use for code?{Enter}");
    await within(await screen.findByRole("log", { name: "Messages" })).findByText(
      /It is an open-weight specialist\./,
    );

    // The server gave the old answer back.
    await user.click(await within(log()).findByRole("button", { name: "Regenerate" }));
    streams[0]!.push({ type: "start", conversationId: CONVERSATION, model: "guide", messageId: NEW_ANSWER });
    await within(log()).findByText("Thinking…");
    await user.click(screen.getByRole("button", { name: "Stop" }));
    expect(await within(log()).findByText(/It is an open-weight specialist\./)).toBeTruthy();
    expect(within(log()).getAllByRole("article")).toHaveLength(2);

    // The server had words the page never saw: it kept them, and the page shows them.
    kept = [
      {
        ...stored(NEW_ANSWER, "assistant", "Words on their way\n\n[Response interrupted]", 9),
        status: "interrupted",
      },
    ];
    await user.click(await within(log()).findByRole("button", { name: "Regenerate" }));
    streams[1]!.push({ type: "start", conversationId: CONVERSATION, model: "guide", messageId: NEW_ANSWER });
    await within(log()).findByText("Thinking…");
    await user.click(screen.getByRole("button", { name: "Stop" }));
    expect(await within(log()).findByText("Words on their way")).toBeTruthy();
    expect(within(log()).queryByText(/It is an open-weight specialist\./)).toBeNull();
    expect(within(log()).getAllByRole("article")).toHaveLength(2);
  });

  it("Earlier answers reads again, under the answer, those it replaced: stored, or replaced on this visit", async () => {
    const LAST = "11111111-0000-4000-8000-000000000004";
    const { user, server } = await openChat(`${INSTANT}&conversation=${CONVERSATION}`, {
      [`GET /api/conversations/${CONVERSATION}/messages`]: () =>
        json([
          stored("11111111-0000-4000-8000-000000000003", "user", "Second question", 3),
          { ...stored(LAST, "assistant", "Second answer, again", 5), has_earlier: true },
        ]),
      [`GET /api/conversations/${CONVERSATION}/messages/${LAST}/earlier`]: () =>
        json([
          stored("11111111-0000-4000-8000-0000000000e1", "assistant", "Second answer, **first try**", 4),
        ]),
      [`GET /api/conversations/${CONVERSATION}/messages/${NEW_ANSWER}/earlier`]: () =>
        json([
          stored("11111111-0000-4000-8000-0000000000e1", "assistant", "Second answer, first try", 4),
          stored(LAST, "assistant", "Second answer, again", 5),
        ]),
      "POST /api/chat-stream/regenerate": () => sse(againEvents()),
    });
    await within(await screen.findByRole("log", { name: "Messages" })).findByText("Second answer, again");
    const toggle = within(log()).getByRole("button", { name: "Earlier answers" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await user.click(toggle);
    const earlier = await within(log()).findByRole("region", { name: "Earlier answers" });
    expect(await within(earlier).findByText("first try")).toBeTruthy();
    expect(within(earlier).getAllByRole("listitem", { name: /^Earlier answer/ })).toHaveLength(1);
    await user.click(toggle);
    expect(within(log()).queryByRole("region", { name: "Earlier answers" })).toBeNull();

    // Regenerated here: the answer it replaced joins them.
    await user.click(within(log()).getByRole("button", { name: "Regenerate" }));
    await within(log()).findByText("A second, different answer.");
    await user.click(within(log()).getByRole("button", { name: "Earlier answers" }));
    const now = await within(log()).findByRole("region", { name: "Earlier answers" });
    expect(await within(now).findByText("Second answer, again")).toBeTruthy();
    expect(within(now).getAllByRole("listitem", { name: /^Earlier answer/ })).toHaveLength(2);
    expect(
      server.callsTo(`GET /api/conversations/${CONVERSATION}/messages/${NEW_ANSWER}/earlier`),
    ).toHaveLength(1);
  });

  it("branches at an earlier question: Edit names its answer, and '‹ 1 / 2 ›' shows the other version", async () => {
    const ids = (n: number) => `11111111-0000-4000-8000-00000000000${n}`;
    const first = [
      stored(ids(1), "user", "First question", 1),
      stored(ids(2), "assistant", "First answer", 2),
      stored(ids(3), "user", "Second question", 3),
      stored(ids(4), "assistant", "Second answer", 4),
    ];
    const edited = [
      { ...stored(ids(5), "user", "First, reworded", 5), versions: [ids(1), ids(5)] },
      stored(NEW_ANSWER, "assistant", "A second, different answer.", 6),
    ];
    let shown = first;
    const { user, server } = await openChat(`${INSTANT}&conversation=${CONVERSATION}`, {
      [`GET /api/conversations/${CONVERSATION}/messages`]: () => json(shown),
      "POST /api/chat-stream/regenerate": () => {
        shown = edited;
        return sse(againEvents());
      },
      [`PATCH /api/conversations/${CONVERSATION}/branch`]: () =>
        json([{ ...first[0]!, versions: [ids(1), ids(5)] }, ...first.slice(1)]),
    });
    await within(await screen.findByRole("log", { name: "Messages" })).findByText("Second answer");
    // Every question of mine can be edited.
    expect(within(log()).getAllByRole("button", { name: "Edit" })).toHaveLength(2);
    const question = () => within(log()).getAllByRole("article")[0]!;
    await user.click(within(question()).getByRole("button", { name: "Edit" }));
    await user.clear(within(question()).getByRole("textbox", { name: "Question" }));
    await user.type(within(question()).getByRole("textbox", { name: "Question" }), "First, reworded{Enter}");
    expect(await within(log()).findByText("A second, different answer.")).toBeTruthy();
    expect(server.callsTo("POST /api/chat-stream/regenerate")[0]?.body).toMatchObject({
      messageId: ids(2),
      message: "First, reworded",
    });
    // What followed the old question went with it; the new one is version 2 of 2.
    expect(within(log()).queryByText("Second answer")).toBeNull();
    expect(await within(question()).findByText("2 / 2")).toBeTruthy();
    expect(within(question()).getByRole("button", { name: "Next version" })).toHaveProperty("disabled", true);

    await user.click(within(question()).getByRole("button", { name: "Previous version" }));
    expect(await within(log()).findByText("Second answer")).toBeTruthy();
    expect(within(question()).getByText("1 / 2")).toBeTruthy();
    expect(within(log()).queryByText("A second, different answer.")).toBeNull();
    expect(server.callsTo(`PATCH /api/conversations/${CONVERSATION}/branch`)[0]?.body).toEqual({
      messageId: ids(1),
    });
  });
});
