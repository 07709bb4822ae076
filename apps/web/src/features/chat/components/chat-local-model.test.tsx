// An answer from a model that runs on the server waits its turn: the person reads their place in line
// where "Thinking…" would be, as it moves, until the first words; Stop works while it waits.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, liveSse } from "@/testing/fetch-stub";
import { messageBox, openChat } from "./chat-test-steps";

const CONVERSATION = "c0ffee00-0000-4000-8000-000000000009";
const ANSWER = "a0a0a0a0-0000-4000-8000-000000000009";
const start = { type: "start", conversationId: CONVERSATION, model: "gguf/qwen", messageId: ANSWER };
const INSTANT = "/dashboard/chat?feature_typewriterEffects=false";

describe("an answer waiting for a local model", () => {
  it("shows its place in line as it moves, then the answer", async () => {
    const stream = liveSse();
    const { user } = await openChat(INSTANT, { "POST /api/chat-stream": stream.handler });
    await user.type(messageBox(), "Hello, local model{Enter}");
    stream.push(start);
    stream.push({ type: "status", message: "Waiting for the local model: 2 ahead", ahead: 2 });
    const log = await screen.findByRole("log", { name: "Messages" });
    expect(await within(log).findByText("Waiting for the local model: 2 ahead")).toBeTruthy();
    stream.push({ type: "status", message: "Waiting for the local model: 1 ahead", ahead: 1 });
    expect(await within(log).findByText("Waiting for the local model: 1 ahead")).toBeTruthy();
    stream.push({ type: "status", message: "Loading the local model…", ahead: null });
    expect(await within(log).findByText("Loading the local model…")).toBeTruthy();
    stream.push({ type: "chunk", content: "Hello from a local model." });
    stream.push({ type: "complete", outputTokens: 6, sources: [], messageId: ANSWER });
    stream.close();
    expect(await within(log).findByText("Hello from a local model.")).toBeTruthy();
    expect(within(log).queryByText(/Waiting for the local model|Loading the local model/)).toBeNull();
  });

  it("Stop works while it waits its turn", async () => {
    const stream = liveSse();
    const { user, server } = await openChat(INSTANT, {
      "POST /api/chat-stream": stream.handler,
      "POST /api/chat-stream/stop": () => new Response(null, { status: 204 }),
      [`GET /api/conversations/${CONVERSATION}/messages`]: () => json([]),
    });
    await user.type(messageBox(), "Hello, local model{Enter}");
    stream.push(start);
    stream.push({ type: "status", message: "Waiting for the local model: 1 ahead", ahead: 1 });
    await screen.findByText("Waiting for the local model: 1 ahead");
    await user.click(screen.getByRole("button", { name: "Stop" }));
    await screen.findByRole("button", { name: "Send" });
    expect(server.callsTo("POST /api/chat-stream/stop").map((c) => c.body)).toEqual([{ messageId: ANSWER }]);
    expect(screen.queryByText("Waiting for the local model: 1 ahead")).toBeNull();
  });
});
