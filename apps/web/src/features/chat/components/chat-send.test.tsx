import { CHAT_ERROR_MESSAGES, RESPONSE_INTERRUPTED_MARK, type StoredMessage } from "@tessera/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, json, liveSse, sse } from "@/testing/fetch-stub";
import { answerEvents, conversation, messageBox, openChat } from "./chat-test-steps";

// The new interface shows text as it arrives, so these tests need not wait for the typewriter.
const INSTANT = "/dashboard/chat?feature_typewriterEffects=false";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
type Body = { clientMessageId?: string };

/** An answer as the server stored it once stopped, in the reads of a conversation's newest messages. */
const stoppedAnswer = (conversationId: string, id: string, text: string) =>
  json([
    {
      id,
      conversation_id: conversationId,
      role: "assistant",
      content: `${text}\n\n${RESPONSE_INTERRUPTED_MARK}`,
      created_at: new Date().toISOString(),
      tokens_used: 12,
      model: "guide",
      sources: [],
      images: [],
      status: "interrupted",
    } satisfies StoredMessage,
  ]);

describe("chat: sending a message", () => {
  it("streams the answer into the list with sources and a token estimate, and opens the new conversation", async () => {
    const id = "c0ffee00-0000-4000-8000-000000000001";
    let listed = false;
    const { user, server, router } = await openChat(INSTANT, {
      "POST /api/chat-stream": () => {
        listed = true;
        return sse(answerEvents(id));
      },
      // The refreshed list takes a moment, as over a network.
      "GET /api/conversations": async () => {
        if (!listed) return json([]);
        await new Promise((r) => setTimeout(r, 50));
        return json([conversation(id, "Which model for code?")]);
      },
    });
    await user.type(messageBox(), "Which model should I use for code?{Enter}");

    const log = await screen.findByRole("log", { name: "Messages" });
    expect(within(log).getByText("Which model should I use for code?")).toBeTruthy();
    expect(await within(log).findByText(/It is an open-weight specialist\./)).toBeTruthy();
    const sources = await within(log).findByRole("region", { name: "Sources" });
    expect(within(sources).getByText("Qwen 3 Coder (Industry Leaders)")).toBeTruthy();
    expect(within(sources).getByText("openrouter.ai")).toBeTruthy();
    expect(
      within(sources)
        .getByRole("link", { name: /OpenRouter models/ })
        .getAttribute("target"),
    ).toBe("_blank");
    expect(within(log).getByText("1.2k tokens")).toBeTruthy();
    expect(within(log).getByText("Tessa")).toBeTruthy();

    expect(server.callsTo("POST /api/chat-stream")[0]?.body).toEqual({
      message: "Which model should I use for code?",
      model: "guide",
      conversationId: null,
      images: [],
      research: true,
      deepCrawl: true,
      clientMessageId: expect.stringMatching(UUID) as string,
    });
    expect(server.callsTo("POST /api/chat-stream")[0]?.headers.authorization).toBe("Bearer stored-token");
    await waitFor(() => expect(router.state.location.search).toBe(`?conversation=${id}`));
    expect(await screen.findByRole("link", { name: /Which model for code\?/ })).toBeTruthy();
    expect(messageBox()).toHaveProperty("value", "");
    // The header's title comes with the refreshed list, not from a request of its own.
    await waitFor(() => expect(screen.getByTestId("chat-title").textContent).toBe("Which model for code?"));
    expect(server.callsTo(`GET /api/conversations/${id}`)).toHaveLength(0);
  });

  it("sends the next message in the same conversation", async () => {
    const id = "c0ffee00-0000-4000-8000-000000000001";
    const { user, server } = await openChat(INSTANT, {
      "POST /api/chat-stream": () => sse(answerEvents(id)),
    });
    await user.type(messageBox(), "First question here{Enter}");
    await screen.findByText("1.2k tokens");
    await user.type(messageBox(), "And a second one{Enter}");
    await waitFor(() => expect(screen.getAllByText("1.2k tokens")).toHaveLength(2));
    const [first, second] = server.callsTo("POST /api/chat-stream").map((c) => c.body as Body);
    expect(second).toMatchObject({ conversationId: id });
    // Each message has an id of its own.
    expect(first?.clientMessageId).toMatch(UUID);
    expect(second?.clientMessageId).toMatch(UUID);
    expect(second?.clientMessageId).not.toBe(first?.clientMessageId);
  });

  it("counts the characters near the limit, and keeps a message over it from being sent", async () => {
    const { user, server } = await openChat(INSTANT, { "POST /api/chat-stream": () => sse(answerEvents()) });
    await user.click(messageBox());
    await user.paste("a".repeat(28_799));
    expect(screen.queryByText(/characters/)).toBeNull();
    await user.paste("b");
    expect(screen.getByText("28,800 / 32,000 characters")).toBeTruthy();
    await user.paste("c".repeat(3_201));
    const warning = screen.getByText("Too long to send: 32,001 of 32,000 characters. Shorten it to send it.");
    expect(messageBox().getAttribute("aria-invalid")).toBe("true");
    expect(messageBox().getAttribute("aria-describedby")).toBe(warning.id);
    expect(screen.getByRole("button", { name: "Send" })).toHaveProperty("disabled", true);
    await user.keyboard("{Enter}");
    expect(server.callsTo("POST /api/chat-stream")).toHaveLength(0);
    expect((messageBox() as HTMLTextAreaElement).value).toHaveLength(32_001);

    await user.keyboard("{Backspace}");
    expect(screen.getByText("32,000 / 32,000 characters")).toBeTruthy();
    await user.keyboard("{Enter}");
    await screen.findByText("1.2k tokens");
    expect((server.callsTo("POST /api/chat-stream")[0]?.body as { message: string }).message).toHaveLength(
      32_000,
    );
  });

  it("Enter sends, Shift+Enter adds a line, and a blank message is ignored", async () => {
    const { user, server } = await openChat(INSTANT, { "POST /api/chat-stream": () => sse(answerEvents()) });
    await user.type(messageBox(), "   {Enter}");
    expect(screen.getByRole("button", { name: "Send" })).toHaveProperty("disabled", true);
    await user.type(messageBox(), "line one{Shift>}{Enter}{/Shift}line two");
    expect(messageBox()).toHaveProperty("value", "   line one\nline two");
    expect(server.callsTo("POST /api/chat-stream")).toHaveLength(0);
    await user.keyboard("{Enter}");
    await screen.findByText("1.2k tokens");
    expect(server.callsTo("POST /api/chat-stream")).toHaveLength(1);
    expect((server.callsTo("POST /api/chat-stream")[0]?.body as { message: string }).message).toBe(
      "line one\nline two",
    );
  });

  it("an error event removes the message, gives the prompt back and says why", async () => {
    const { user } = await openChat(INSTANT, {
      "POST /api/chat-stream": () =>
        sse([
          {
            type: "start",
            conversationId: "c0ffee00-0000-4000-8000-000000000009",
            model: "guide",
            messageId: "a0a0a0a0-0000-4000-8000-000000000009",
          },
          { type: "chunk", content: "Half" },
          { type: "error", error: "RATE_LIMITED", message: CHAT_ERROR_MESSAGES.rateLimited },
        ]),
    });
    await user.type(messageBox(), "Tell me a story please{Enter}");
    expect(await screen.findByText(CHAT_ERROR_MESSAGES.rateLimited)).toBeTruthy();
    expect(screen.getByText("Error")).toBeTruthy();
    expect(messageBox()).toHaveProperty("value", "Tell me a story please");
    expect(screen.queryByRole("log", { name: "Messages" })).toBeNull();
  });

  it("a new conversation whose first answer fails before any text is dropped from the address", async () => {
    const { user, router } = await openChat(INSTANT, {
      "POST /api/chat-stream": () =>
        sse([
          {
            type: "start",
            conversationId: "c0ffee00-0000-4000-8000-00000000000a",
            model: "guide",
            messageId: "a0a0a0a0-0000-4000-8000-00000000000a",
          },
          { type: "error", error: "MODEL_UNAVAILABLE", message: CHAT_ERROR_MESSAGES.unavailable },
        ]),
    });
    await user.type(messageBox(), "Is anybody there?{Enter}");
    expect(await screen.findByText(CHAT_ERROR_MESSAGES.unavailable)).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(messageBox()).toHaveProperty("value", "Is anybody there?");
  });

  it("a refusal before the stream (503) is shown with the server's words and nothing is kept", async () => {
    const { user } = await openChat("/dashboard/chat?model=gpt-5&feature_typewriterEffects=false", {
      "POST /api/chat-stream": () => apiError(503, "UNAVAILABLE", CHAT_ERROR_MESSAGES.unavailable),
    });
    expect(await screen.findByText(/GPT-5 is unavailable: Not enabled on this server\./)).toBeTruthy();
    await user.type(messageBox(), "Hello GPT five{Enter}");
    expect(await screen.findByText(CHAT_ERROR_MESSAGES.unavailable)).toBeTruthy();
    expect(messageBox()).toHaveProperty("value", "Hello GPT five");
  });

  it("retries a connection failure, then answers", async () => {
    let attempts = 0;
    const { user, server } = await openChat(INSTANT, {
      "POST /api/chat-stream": () => {
        attempts++;
        if (attempts === 1) return Promise.reject(new TypeError("Failed to fetch"));
        return sse(answerEvents());
      },
    });
    await user.type(messageBox(), "Is anyone there?{Enter}");
    expect(await screen.findByText("Connection issue")).toBeTruthy();
    expect(screen.getByText("Retrying... (2/3)")).toBeTruthy();
    expect(await screen.findByText("1.2k tokens", {}, { timeout: 3000 })).toBeTruthy();
    const calls = server.callsTo("POST /api/chat-stream").map((c) => c.body as Body);
    expect(calls).toHaveLength(2);
    // The retry is the same message: the server can tell it from a new one.
    expect(calls[1]?.clientMessageId).toMatch(UUID);
    expect(calls[1]?.clientMessageId).toBe(calls[0]?.clientMessageId);
  });

  it("Stop keeps the partial answer with '[Response interrupted]' and tells the server which answer", async () => {
    const stream = liveSse();
    let stopped: () => void = () => {};
    const { user, server } = await openChat(INSTANT, {
      "POST /api/chat-stream": stream.handler,
      // Answered once the server has stored the answer as stopped.
      "POST /api/chat-stream/stop": () =>
        new Promise<Response>((resolve) => (stopped = () => resolve(new Response(null, { status: 204 })))),
      "GET /api/conversations/c0ffee00-0000-4000-8000-000000000002/messages": () =>
        stoppedAnswer(
          "c0ffee00-0000-4000-8000-000000000002",
          "a0a0a0a0-0000-4000-8000-000000000002",
          "The first part of a long answer, and the words on their way",
        ),
    });
    await user.type(messageBox(), "Tell me everything{Enter}");
    stream.push({
      type: "start",
      conversationId: "c0ffee00-0000-4000-8000-000000000002",
      model: "guide",
      messageId: "a0a0a0a0-0000-4000-8000-000000000002",
    });
    stream.push({ type: "chunk", content: "The first part of a long answer" });
    await screen.findByText(/The first part of a long answer/);
    await user.type(messageBox(), "typed while waiting{Enter}");
    await user.click(screen.getByRole("button", { name: "Stop" }));

    const log = screen.getByRole("log", { name: "Messages" });
    expect(await within(log).findByText("[Response interrupted]")).toBeTruthy();
    expect(within(log).getByText("The first part of a long answer")).toBeTruthy();
    expect(within(log).getByText("Tell me everything")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send" })).toBeTruthy();
    // The answer outlives its connection on the server: Stop names it.
    expect(server.callsTo("POST /api/chat-stream/stop").map((c) => c.body)).toEqual([
      { messageId: "a0a0a0a0-0000-4000-8000-000000000002" },
    ]);
    expect(server.callsTo("POST /api/chat-stream")[0]?.signal?.aborted).toBe(true);
    // Nothing was sent while the first answer was still arriving.
    expect(messageBox()).toHaveProperty("value", "typed while waiting");
    // Once stored, the answer is shown as kept: with the words that were on their way when Stop came.
    stopped();
    expect(
      await within(log).findByText("The first part of a long answer, and the words on their way"),
    ).toBeTruthy();
    expect(within(log).getAllByText("[Response interrupted]")).toHaveLength(1);
    expect(
      server.callsTo("GET /api/conversations/c0ffee00-0000-4000-8000-000000000002/messages"),
    ).toHaveLength(1);
  });

  it("a Stop before the server said it stored the turn asks for the list again; after, it need not", async () => {
    const early = liveSse();
    const late = liveSse();
    let streams = [early, late];
    let stops = 0;
    const { user, server } = await openChat(INSTANT, {
      "POST /api/chat-stream": (req) => {
        const [next, ...rest] = streams;
        streams = rest;
        return next!.handler(req);
      },
      // The first Stop arrives before the turn is stored (404): it is asked once more, a moment later.
      "POST /api/chat-stream/stop": () =>
        stops++ === 0
          ? apiError(404, "NOT_FOUND", "Message not found.")
          : new Response(null, { status: 204 }),
      "GET /api/conversations/c0ffee00-0000-4000-8000-000000000003/messages": () =>
        stoppedAnswer(
          "c0ffee00-0000-4000-8000-000000000003",
          "a0a0a0a0-0000-4000-8000-000000000003",
          "A beginning",
        ),
    });
    const listAsks = () => server.callsTo("GET /api/conversations").length;
    const before = listAsks();
    await user.type(messageBox(), "Stopped at once{Enter}");
    await user.click(await screen.findByRole("button", { name: "Stop" }));
    await screen.findByText("[Response interrupted]");
    await waitFor(() => expect(listAsks()).toBe(before + 1));
    await waitFor(() => expect(server.callsTo("POST /api/chat-stream/stop")).toHaveLength(2), {
      timeout: 3_000,
    });

    await user.type(messageBox(), "Stopped after the start{Enter}");
    late.push({
      type: "start",
      conversationId: "c0ffee00-0000-4000-8000-000000000003",
      model: "guide",
      messageId: "a0a0a0a0-0000-4000-8000-000000000003",
    });
    late.push({ type: "chunk", content: "A beginning" });
    await screen.findByText(/A beginning/);
    await waitFor(() => expect(listAsks()).toBe(before + 2)); // the new conversation's list
    await user.click(screen.getByRole("button", { name: "Stop" }));
    await waitFor(() => expect(screen.getAllByText("[Response interrupted]")).toHaveLength(2));
    expect(listAsks()).toBe(before + 2);
    // Before the start event the answer has no id yet: Stop names its question's clientMessageId.
    const sent = server.callsTo("POST /api/chat-stream").map((c) => (c.body as Body).clientMessageId);
    expect(server.callsTo("POST /api/chat-stream/stop").map((c) => c.body)).toEqual([
      { clientMessageId: sent[0] },
      { clientMessageId: sent[0] },
      { messageId: "a0a0a0a0-0000-4000-8000-000000000003" },
    ]);
    expect(sent[0]).toMatch(UUID);
  });

  it("says 'No active session' and sends nothing without a token", async () => {
    const { user, server } = await openChat(INSTANT);
    localStorage.clear();
    await user.type(messageBox(), "Hello there friend{Enter}");
    expect(await screen.findByText("No active session")).toBeTruthy();
    expect(server.callsTo("POST /api/chat-stream")).toHaveLength(0);
    expect(messageBox()).toHaveProperty("value", "Hello there friend");
  });
});
