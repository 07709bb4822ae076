import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { newestMessagesPath } from "@/features/chat/api/chat-read-ahead";
import { answerEvents, conversation, modelsBody } from "@/features/chat/components/chat-test-steps";
import { apiError, json, sse, stubFetch } from "@/testing/fetch-stub";
import { READ_AHEAD_FRESH_MS, readAhead, takeReadAhead } from "@/lib/read-ahead";
import { preloadPage, PRELOAD_TIMEOUT_MS, renderApp } from "@/testing/render-app";
import { sessionBody, storeSession } from "@/testing/session";
import { conversationReadAhead } from "./conversation-read-ahead";

// The chat page's code arrives only when the test says so (the first time it is asked for).
const chatCode = vi.hoisted(() => {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrived, arrive };
});
vi.mock("./chat-route", async (load) => {
  await chatCode.arrived;
  return load();
});

const ID = "c0ffee00-0000-4000-8000-0000000000b1";
/** The conversation's newest page read ahead, as the chat takes it (unchecked: the query checks it). */
const takeMessagesReadAhead = (id: string) =>
  takeReadAhead(newestMessagesPath(id)) as Promise<{ id: string }[]> | null;
const MESSAGES = `GET /api/conversations/${ID}/messages`;
const stored = [
  {
    id: "b1",
    conversation_id: ID,
    role: "user",
    content: "What is a tessera?",
    created_at: new Date(Date.now() - 6e5).toISOString(),
    tokens_used: null,
    model: null,
    sources: [],
    images: [],
  },
  {
    id: "b2",
    conversation_id: ID,
    role: "assistant",
    content: "One small tile of a **mosaic**.",
    created_at: new Date(Date.now() - 6e5).toISOString(),
    tokens_used: 8,
    model: "tessera-local",
    sources: [],
    images: [],
  },
];

describe("arriving at a conversation's address", () => {
  // The signed-in frame's code and the chat page's load before the tests; only the chat route's own
  // module (held back above) is left to arrive inside the first one.
  beforeAll(
    () => preloadPage("/dashboard", () => import("@/features/chat/components/chat-page")),
    PRELOAD_TIMEOUT_MS,
  );

  it("reads its messages, the recent conversations and the models while the chat's code is on its way, once each", async () => {
    storeSession();
    const server = stubFetch({
      "GET /api/auth/get-session": () => json(sessionBody()),
      "GET /api/models": () => json(modelsBody),
      "GET /api/conversations": () => json([conversation(ID, "Tiles and mosaics")]),
      [MESSAGES]: () => json(stored),
    });
    renderApp(`/dashboard/chat?conversation=${ID}&feature_typewriterEffects=false`);
    const READS = [MESSAGES, "GET /api/conversations", "GET /api/models"];
    await waitFor(() => expect(READS.map((r) => server.callsTo(r).length)).toEqual([1, 1, 1]));
    expect(server.callsTo(MESSAGES)[0]!.headers.authorization).toBe("Bearer stored-token");
    expect(server.callsTo("GET /api/conversations")[0]!.headers.authorization).toBe("Bearer stored-token");
    // The page is not there yet: the reads did not wait for it.
    expect(screen.queryByRole("textbox", { name: "Message" })).toBeNull();

    chatCode.arrive();
    expect(await screen.findByText("mosaic", {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText("What is a tessera?")).toBeTruthy();
    // Its title, in Recent Chats and over the conversation, from the list read ahead.
    expect(await screen.findAllByText("Tiles and mosaics")).not.toHaveLength(0);
    // The page's own reads were answered by those already under way.
    expect(READS.map((r) => server.callsTo(r).length)).toEqual([1, 1, 1]);
  });

  // The chat's code has arrived in the test before (and stays: modules are loaded once per file).
  it("reads nothing ahead for a conversation the page itself has just started", async () => {
    storeSession();
    const server = stubFetch({
      "GET /api/auth/get-session": () => json(sessionBody()),
      "GET /api/models": () => json(modelsBody),
      "POST /api/chat-stream": () => sse(answerEvents(ID)),
      [MESSAGES]: () => json(stored),
    });
    const user = userEvent.setup();
    const { router } = renderApp("/dashboard/chat?feature_typewriterEffects=false");
    await user.type(
      await screen.findByRole("textbox", { name: "Message" }, { timeout: 3000 }),
      "Hello{Enter}",
    );
    await waitFor(() => expect(router.state.location.search).toBe(`?conversation=${ID}`));
    expect(await screen.findByText(/open-weight specialist/)).toBeTruthy();
    expect(server.callsTo(MESSAGES)).toHaveLength(0);
  });

  it("reads again when the read made ahead failed", async () => {
    storeSession();
    let reads = 0;
    const server = stubFetch({
      "GET /api/auth/get-session": () => json(sessionBody()),
      "GET /api/models": () => json(modelsBody),
      [MESSAGES]: () => (++reads === 1 ? apiError(503, "UNAVAILABLE", "Try again") : json(stored)),
    });
    void readAhead(newestMessagesPath(ID));
    renderApp(`/dashboard/chat?conversation=${ID}&feature_typewriterEffects=false`);
    expect(await screen.findByText("mosaic", {}, { timeout: 3000 })).toBeTruthy();
    expect(server.callsTo(MESSAGES)).toHaveLength(2);
  });

  it("reads a list again when the answer read ahead is not the shape the chat expects", async () => {
    storeSession();
    let reads = 0;
    const server = stubFetch({
      "GET /api/auth/get-session": () => json(sessionBody()),
      "GET /api/models": () => json(modelsBody),
      "GET /api/conversations": () =>
        json(++reads === 1 ? [{ id: ID, title: 42 }] : [conversation(ID, "Tiles and mosaics")]),
    });
    void readAhead("/api/conversations");
    renderApp("/dashboard/chat");
    expect(await screen.findByText("Tiles and mosaics", {}, { timeout: 3000 })).toBeTruthy();
    expect(server.callsTo("GET /api/conversations")).toHaveLength(2);
  });

  it("reads nothing ahead when nobody is signed in", async () => {
    const server = stubFetch({ [MESSAGES]: () => json(stored) });
    const { loader, codeLoaded } = conversationReadAhead();
    const request = new Request(`http://localhost/dashboard/chat?conversation=${ID}`);
    expect(loader({ request })).toBeNull();
    // Signed in, the same call reads it: the session was what held it back.
    storeSession();
    loader({ request });
    await waitFor(() => expect(server.callsTo(MESSAGES)).toHaveLength(1));
    expect(server.callsTo("GET /api/conversations")).toHaveLength(1);
    // Once the chat's code is in, the page reads for itself.
    codeLoaded();
    loader({ request });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.callsTo(MESSAGES)).toHaveLength(1);
    expect(server.callsTo("GET /api/conversations")).toHaveLength(1);
  });

  it("hands a read over only to the session it was made for", () => {
    stubFetch({ [MESSAGES]: () => json(stored) });
    storeSession({ token: "first-person" });
    void readAhead(newestMessagesPath(ID));
    storeSession({ token: "second-person" }); // signed out, and someone else signed in
    expect(takeMessagesReadAhead(ID)).toBeNull();
  });

  it("hands a read over once, and not after it has gone stale", async () => {
    stubFetch({ [MESSAGES]: () => json(stored) });
    void readAhead(newestMessagesPath(ID));
    expect((await takeMessagesReadAhead(ID))?.map((m) => m.id)).toEqual(["b1", "b2"]);
    expect(takeMessagesReadAhead(ID)).toBeNull();

    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      void readAhead(newestMessagesPath(ID));
      vi.setSystemTime(Date.now() + READ_AHEAD_FRESH_MS);
      expect(takeMessagesReadAhead(ID)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
