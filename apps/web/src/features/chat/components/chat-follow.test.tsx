// An answer goes on without the page that asked for it (a reload, another chat opened, another tab):
// opening its conversation shows it as it grows until it ends (token by token while the server relays
// it, else from its stored text), and Stop still ends it.
import type { StoredMessage } from "@tessera/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, liveSse, sse, type StubRequest } from "@/testing/fetch-stub";
import { FOLLOWED_WINDOW } from "../api/get-conversation-messages";
import { STOP_RETRY_DELAYS_MS } from "../api/stop-answer";
import { conversation, messageBox, openChat } from "./chat-test-steps";

const ID = "c0ffee00-0000-4000-8000-0000000000f1";
const ANSWER = "a0a0a0a0-0000-4000-8000-0000000000f1";
const at = new Date(Date.now() - 60_000).toISOString();
const question: StoredMessage = {
  id: "a0a0a0a0-0000-4000-8000-0000000000f0",
  conversation_id: ID,
  role: "user",
  content: "Tell me the whole story",
  created_at: at,
  tokens_used: null,
  model: null,
  sources: [],
  images: [],
  status: "complete",
};
const answer = (content: string, status: StoredMessage["status"]): StoredMessage => ({
  ...question,
  id: ANSWER,
  role: "assistant",
  content,
  model: "tessera-local",
  tokens_used: status === "streaming" ? null : 40,
  status,
});

/**
 * The conversation's messages: the page it opens with, then what each read of the newest few finds
 * in turn (the question, the answer as then stored, and whatever `after` it).
 */
function serveMessages(opening: StoredMessage, later: StoredMessage[], after: StoredMessage[] = []) {
  let reads = 0;
  return ({ query }: StubRequest) => {
    if (query.get("limit") !== String(FOLLOWED_WINDOW)) return json([question, opening]);
    return json([question, later[Math.min(reads++, later.length - 1)], ...after]);
  };
}

const FOLLOW = `GET /api/chat-stream/${ANSWER}/follow`;
afterEach(() => vi.restoreAllMocks());
const noContent = () => new Response(null, { status: 204 });

/** Opens the conversation; unless a test relays the answer, the server has none to relay (204). */
const open = (routes: Parameters<typeof openChat>[1]) =>
  openChat(`/dashboard/chat?conversation=${ID}&feature_typewriterEffects=false`, {
    "GET /api/conversations": () => json([conversation(ID, "The whole story")]),
    "POST /api/chat-stream/stop": noContent,
    [FOLLOW]: noContent,
    ...routes,
  });

describe("chat: an answer still being written", () => {
  it("is relayed token by token while the server writes it, then shown as stored", async () => {
    const relay = liveSse();
    const { server } = await open({
      [`GET /api/conversations/${ID}/messages`]: serveMessages(answer("Once upon", "streaming"), [
        answer("Once upon a time, the end.", "complete"),
      ]),
      [FOLLOW]: relay.handler,
    });
    const log = await screen.findByRole("log", { name: "Messages" });
    expect(await within(log).findByText(/Once upon$/)).toBeTruthy();
    relay.push({ type: "resume", messageId: ANSWER, content: "Once upon a" });
    expect(await within(log).findByText(/Once upon a$/)).toBeTruthy();
    relay.push({ type: "chunk", content: " time" });
    expect(await within(log).findByText(/Once upon a time$/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Stop" })).toBeTruthy();
    // Relayed: no stored text is read meanwhile.
    const reads = () => server.callsTo(`GET /api/conversations/${ID}/messages`).length;
    await new Promise((r) => setTimeout(r, 1_300));
    expect(reads()).toBe(1);
    relay.push({ type: "end" });
    relay.close();
    expect(await within(log).findByText("Once upon a time, the end.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Stop" })).toBeNull());
    expect(within(log).getByText("200 tokens")).toBeTruthy();
    expect(reads()).toBe(2);
    expect(server.callsTo(FOLLOW)).toHaveLength(1);
  });

  it("shows the tool calls relayed with it, and a waiting call's card approves that call", async () => {
    const relay = liveSse();
    const { server } = await open({
      [`GET /api/conversations/${ID}/messages`]: serveMessages(answer("Looking", "streaming"), [
        answer("Looking. Found it.", "complete"),
      ]),
      [FOLLOW]: relay.handler,
      "POST /api/chat-stream/tool-approval": noContent,
    });
    const log = await screen.findByRole("log", { name: "Messages" });
    expect(await within(log).findByText(/Looking$/)).toBeTruthy();
    const clock = {
      id: "call_1",
      name: "current_time",
      input: {},
      output: "UTC: noon",
      isError: false,
      durationMs: 4,
      approval: "none" as const,
    };
    relay.push({ type: "resume", messageId: ANSWER, content: "Looking.", toolCalls: [clock] });
    expect(await within(log).findByRole("button", { name: /current_time/ })).toBeTruthy();
    const call = { id: "call_2", name: "files__search", tool: "search", server: "Files", input: { q: "x" } };
    relay.push({ type: "tool_call", ...call });
    relay.push({ type: "tool_approval", ...call });
    const card = await within(log).findByRole("group", { name: "Approve search · Files?" });
    await userEvent.setup().click(within(card).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(server.callsTo("POST /api/chat-stream/tool-approval")).toHaveLength(1));
    expect(server.calls.at(-1)!.body).toEqual({ messageId: ANSWER, toolCallId: "call_2", approve: true });
    relay.push({ type: "tool_result", id: "call_2", output: "one file", isError: false, durationMs: 9 });
    expect(await within(log).findByRole("button", { name: /search · Files/ })).toBeTruthy();
    expect(within(log).queryByRole("group", { name: /^Approve/ })).toBeNull();
    relay.push({ type: "end" });
    relay.close();
    expect(await within(log).findByText("Looking. Found it.")).toBeTruthy();
  });

  it("is shown as stored when it ends even if another tab has sent a turn after it", async () => {
    const next: StoredMessage = {
      ...question,
      id: "a0a0a0a0-0000-4000-8000-0000000000f2",
      content: "And then?",
    };
    await open({
      [`GET /api/conversations/${ID}/messages`]: serveMessages(
        answer("The middle", "streaming"),
        [answer("The middle and the end.", "complete")],
        [next],
      ),
    });
    const log = await screen.findByRole("log", { name: "Messages" });
    expect(await within(log).findByText("The middle and the end.", {}, { timeout: 3_000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Stop" })).toBeNull());
  });

  it("leaving while it is relayed closes the relay", async () => {
    const relay = liveSse();
    const { server, router } = await open({
      [`GET /api/conversations/${ID}/messages`]: serveMessages(answer("Still", "streaming"), []),
      [FOLLOW]: relay.handler,
    });
    relay.push({ type: "resume", messageId: ANSWER, content: "Still going" });
    await screen.findByText(/Still going/);
    await router.navigate("/pricing");
    await waitFor(() => expect(server.callsTo(FOLLOW)[0]?.signal?.aborted).toBe(true));
  });

  it("is shown as it grows when its conversation opens, then as stored; the box sends again after", async () => {
    const { server } = await open({
      [`GET /api/conversations/${ID}/messages`]: serveMessages(answer("Once upon", "streaming"), [
        answer("Once upon a time there was", "streaming"),
        answer("Once upon a time there was a model that answered.", "complete"),
      ]),
    });
    const log = await screen.findByRole("log", { name: "Messages" });
    expect(await within(log).findByText(/Once upon/)).toBeTruthy();
    // Still being written: Stop is offered and nothing can be sent over it.
    expect(screen.getByRole("button", { name: "Stop" })).toBeTruthy();
    expect(await within(log).findByText(/a time there was$/, {}, { timeout: 3_000 })).toBeTruthy();
    expect(
      await within(log).findByText(
        "Once upon a time there was a model that answered.",
        {},
        { timeout: 3_000 },
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Stop" })).toBeNull());
    expect(screen.getByRole("button", { name: "Send" })).toBeTruthy();
    expect(within(log).getByText("200 tokens")).toBeTruthy();
    // Read again only until it ended.
    const reads = () => server.callsTo(`GET /api/conversations/${ID}/messages`).length;
    const settled = reads();
    await new Promise((r) => setTimeout(r, 1_300));
    expect(reads()).toBe(settled);
    expect(server.callsTo("POST /api/chat-stream/stop")).toHaveLength(0);
  });

  it("Stop names the answer, keeps its text with '[Response interrupted]', then shows it as stored", async () => {
    let stopped: () => void = () => {};
    const { user, server } = await open({
      // Stored as stopped: with what the server had written when Stop reached it.
      [`GET /api/conversations/${ID}/messages`]: serveMessages(answer("Half a story", "streaming"), [
        answer("Half a story, and a little more\n\n[Response interrupted]", "interrupted"),
      ]),
      "POST /api/chat-stream/stop": () =>
        new Promise<Response>((resolve) => (stopped = () => resolve(noContent()))),
    });
    const log = await screen.findByRole("log", { name: "Messages" });
    await within(log).findByText(/Half a story/);
    await user.click(screen.getByRole("button", { name: "Stop" }));
    // At once, what the page had; the stored form once the server says the answer is stored.
    expect(await within(log).findByText("[Response interrupted]")).toBeTruthy();
    expect(within(log).getByText("Half a story")).toBeTruthy();
    expect(server.callsTo("POST /api/chat-stream/stop").map((c) => c.body)).toEqual([{ messageId: ANSWER }]);
    expect(screen.getByRole("button", { name: "Send" })).toBeTruthy();
    const reads = () => server.callsTo(`GET /api/conversations/${ID}/messages`).length;
    expect(reads()).toBe(1);
    stopped();
    expect(await within(log).findByText("Half a story, and a little more")).toBeTruthy();
    expect(within(log).getByText("[Response interrupted]")).toBeTruthy();
    expect(within(log).getByTitle("Estimated tokens")).toBeTruthy();
    expect(reads()).toBe(2);
  });

  it("a Stop the server could not take at first is asked again, then the answer is shown as stored", async () => {
    let tries = 0;
    const { user, server } = await open({
      [`GET /api/conversations/${ID}/messages`]: serveMessages(answer("Half a story", "streaming"), [
        answer("Half a story, and a little more\n\n[Response interrupted]", "interrupted"),
      ]),
      // A moment of overload (or a restart) takes the first; the second gets through.
      "POST /api/chat-stream/stop": () => new Response(null, { status: ++tries === 1 ? 503 : 204 }),
    });
    const log = await screen.findByRole("log", { name: "Messages" });
    await within(log).findByText(/Half a story/);
    await user.click(screen.getByRole("button", { name: "Stop" }));
    expect(await within(log).findByText("[Response interrupted]")).toBeTruthy();
    expect(within(log).getByText("Half a story")).toBeTruthy();
    expect(
      await within(log).findByText(
        "Half a story, and a little more",
        {},
        { timeout: STOP_RETRY_DELAYS_MS[0]! + 2_000 },
      ),
    ).toBeTruthy();
    expect(server.callsTo("POST /api/chat-stream/stop").map((c) => c.body)).toEqual([
      { messageId: ANSWER },
      { messageId: ANSWER },
    ]);
    expect(document.querySelector("[data-sonner-toast]")).toBeNull();
  });

  it("stops reading an answer nobody is shown any more", async () => {
    const { server, router } = await open({
      [`GET /api/conversations/${ID}/messages`]: serveMessages(answer("Still going", "streaming"), [
        answer("Still going", "streaming"),
      ]),
    });
    const reads = () => server.callsTo(`GET /api/conversations/${ID}/messages`).length;
    await waitFor(() => expect(reads()).toBeGreaterThanOrEqual(2), { timeout: 3_000 });
    await router.navigate("/pricing");
    await waitFor(() => expect(screen.queryByRole("log", { name: "Messages" })).toBeNull());
    const left = reads();
    await new Promise((r) => setTimeout(r, 2_300));
    expect(reads()).toBe(left);
  });

  it("offline, it waits for the connection to come back, then reads on at once", async () => {
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const { server } = await open({
      [`GET /api/conversations/${ID}/messages`]: serveMessages(answer("Once upon", "streaming"), [
        answer("Once upon a time, the end.", "complete"),
      ]),
    });
    const log = await screen.findByRole("log", { name: "Messages" });
    await waitFor(() => expect(server.callsTo(FOLLOW)).toHaveLength(1));
    const windowReads = () =>
      server
        .callsTo(`GET /api/conversations/${ID}/messages`)
        .filter((c) => c.query.get("limit") === String(FOLLOWED_WINDOW)).length;
    // Nothing to relay, and offline: the next read waits for the connection, not a second.
    await new Promise((r) => setTimeout(r, 100));
    expect(windowReads()).toBe(0);
    online.mockReturnValue(true);
    window.dispatchEvent(new Event("online"));
    // (Asleep instead, it would read a second after the relay had nothing.)
    await waitFor(() => expect(windowReads()).toBe(1), { timeout: 600 });
    expect(await within(log).findByText("Once upon a time, the end.")).toBeTruthy();
  });

  it("leaving a chat while its answer streams does not stop the answer", async () => {
    const stream = liveSse();
    const { user, server } = await openChat("/dashboard/chat?feature_typewriterEffects=false", {
      "POST /api/chat-stream": stream.handler,
      "POST /api/chat-stream/stop": () => new Response(null, { status: 204 }),
    });
    await user.type(messageBox(), "Tell me the whole story{Enter}");
    stream.push({ type: "start", conversationId: ID, model: "guide", messageId: ANSWER });
    stream.push({ type: "chunk", content: "Once upon" });
    await screen.findByText(/Once upon/);
    await user.click(screen.getByRole("button", { name: "New" }));
    await waitFor(() => expect(screen.queryByRole("log", { name: "Messages" })).toBeNull());
    // This page stopped listening; the server goes on and stores the answer.
    expect(server.callsTo("POST /api/chat-stream")[0]?.signal?.aborted).toBe(true);
    expect(server.callsTo("POST /api/chat-stream/stop")).toHaveLength(0);
  });
});

describe("chat: a turn whose connection is lost after the server stored it", () => {
  const RELAYED = [
    { type: "resume", messageId: ANSWER, content: "Once upon a time" },
    { type: "chunk", content: ", the end." },
    { type: "end" },
  ];
  const relayed = () => sse(RELAYED);
  const stored = () => json([question, answer("Once upon a time, the end.", "complete")]);

  it("is followed to its end, as stored: the question stays and nothing is given back to the box", async () => {
    const stream = liveSse();
    // The relay answers once the toast has been seen: it goes with the answer's end.
    const follow = liveSse();
    const { user, server } = await openChat("/dashboard/chat?feature_typewriterEffects=false", {
      "POST /api/chat-stream": stream.handler,
      [FOLLOW]: follow.handler,
      [`GET /api/conversations/${ID}/messages`]: stored,
      "GET /api/conversations": () => json([conversation(ID, "Tell me the whole story")]),
    });
    await user.type(messageBox(), "Tell me the whole story{Enter}");
    stream.push({ type: "start", conversationId: ID, model: "tessera-local", messageId: ANSWER });
    stream.push({ type: "chunk", content: "Once upon" });
    const log = screen.getByRole("log", { name: "Messages" });
    expect(await within(log).findByText(/Once upon$/)).toBeTruthy();
    stream.fail(new TypeError("network error"));

    expect(await screen.findByText("Reconnecting...")).toBeTruthy();
    for (const event of RELAYED) follow.push(event);
    follow.close();
    expect(await within(log).findByText("Once upon a time, the end.")).toBeTruthy();
    // Reconnected: the toast goes with the answer's end.
    await waitFor(() => expect(screen.queryByText("Reconnecting...")).toBeNull());
    expect(within(log).getByText("Tell me the whole story")).toBeTruthy();
    expect(messageBox()).toHaveProperty("value", "");
    expect(screen.queryByText("Error")).toBeNull();
    expect(server.callsTo(FOLLOW)).toHaveLength(1);
    // Not asked again: the answer was the server's all along.
    expect(server.callsTo("POST /api/chat-stream")).toHaveLength(1);
    // As stored, it can be answered again.
    expect(await within(log).findByRole("button", { name: "Regenerate" })).toBeTruthy();
  });

  it("a regenerated answer cut off without its closing event is followed too, in the old one's place", async () => {
    const stream = liveSse();
    const { user, server } = await openChat(
      `/dashboard/chat?conversation=${ID}&feature_typewriterEffects=false`,
      {
        [`GET /api/conversations/${ID}/messages`]: ({ query }) =>
          query.get("limit") === String(FOLLOWED_WINDOW)
            ? stored()
            : json([
                question,
                { ...answer("A first telling.", "complete"), id: "a0a0a0a0-0000-4000-8000-0000000000e1" },
              ]),
        "GET /api/conversations": () => json([conversation(ID, "Tell me the whole story")]),
        "POST /api/chat-stream/regenerate": stream.handler,
        [FOLLOW]: relayed,
      },
    );
    const log = await screen.findByRole("log", { name: "Messages" });
    await user.click(await within(log).findByRole("button", { name: "Regenerate" }));
    stream.push({ type: "start", conversationId: ID, model: "tessera-local", messageId: ANSWER });
    stream.close();

    expect(await within(log).findByText("Once upon a time, the end.")).toBeTruthy();
    expect(within(log).queryByText("A first telling.")).toBeNull();
    expect(within(log).getAllByRole("article")).toHaveLength(2);
    expect(server.callsTo(FOLLOW)).toHaveLength(1);
  });

  it("an answer the server reports as failed is not followed", async () => {
    const { user, server } = await openChat("/dashboard/chat?feature_typewriterEffects=false", {
      "POST /api/chat-stream": () =>
        sse([
          { type: "start", conversationId: ID, model: "tessera-local", messageId: ANSWER },
          { type: "error", error: "UPSTREAM_ERROR", message: "The model failed." },
        ]),
    });
    await user.type(messageBox(), "Tell me the whole story{Enter}");
    expect(await screen.findByText("The model failed.")).toBeTruthy();
    expect(server.callsTo(FOLLOW)).toHaveLength(0);
    expect(screen.queryByText("Reconnecting...")).toBeNull();
  });
});
