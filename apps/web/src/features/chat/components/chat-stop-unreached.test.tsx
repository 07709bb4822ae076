// A Stop that cannot reach the server is asked again for a while (stopping twice is harmless); one
// that never gets through says so, since the answer goes on there. The waits between tries are
// recorded here instead of slept.
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, liveSse } from "@/testing/fetch-stub";
import { STOP_RETRY_DELAYS_MS, stopFailedText } from "../api/stop-answer";
import { messageBox, openChat } from "./chat-test-steps";

const waits = vi.hoisted(() => [] as number[]);
vi.mock("@/lib/sleep", () => ({
  sleep: (ms: number) => {
    waits.push(ms);
    return Promise.resolve();
  },
}));
afterEach(() => {
  waits.splice(0);
  vi.restoreAllMocks();
});

const CONVERSATION = "c0ffee00-0000-4000-8000-0000000000a1";
const ANSWER = "a0a0a0a0-0000-4000-8000-0000000000a1";

async function stopWhileAnswering(stop: () => Response) {
  const stream = liveSse();
  const view = await openChat("/dashboard/chat?feature_typewriterEffects=false", {
    "POST /api/chat-stream": stream.handler,
    "POST /api/chat-stream/stop": stop,
  });
  await view.user.type(messageBox(), "Tell me everything{Enter}");
  stream.push({ type: "start", conversationId: CONVERSATION, model: "guide", messageId: ANSWER });
  stream.push({ type: "chunk", content: "The first part" });
  await screen.findByText(/The first part/);
  await view.user.click(screen.getByRole("button", { name: "Stop" }));
  const log = screen.getByRole("log", { name: "Messages" });
  expect(await within(log).findByText("[Response interrupted]")).toBeTruthy();
  return view;
}

describe("chat: a Stop that cannot reach the server", () => {
  it("is asked again with growing waits, then says the answer may go on", async () => {
    const { server } = await stopWhileAnswering(() => {
      throw new TypeError("Failed to fetch");
    });
    expect(await screen.findByText(stopFailedText(), {}, { timeout: 3_000 })).toBeTruthy();
    expect(server.callsTo("POST /api/chat-stream/stop")).toHaveLength(STOP_RETRY_DELAYS_MS.length + 1);
    expect(server.callsTo("POST /api/chat-stream/stop").every((c) => c.body)).toBe(true);
    expect(waits).toEqual(STOP_RETRY_DELAYS_MS);
    // The page keeps what it had.
    expect(within(screen.getByRole("log", { name: "Messages" })).getByText("The first part")).toBeTruthy();
  });

  it("made offline, waits for the connection to come back, then stops the answer", async () => {
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const stops: unknown[] = [];
    const { server } = await stopWhileAnswering(() => {
      if (!navigator.onLine) throw new TypeError("Failed to fetch");
      stops.push("stopped");
      return new Response(null, { status: 204 });
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(server.callsTo("POST /api/chat-stream/stop")).toHaveLength(0);
    online.mockReturnValue(true);
    window.dispatchEvent(new Event("online"));
    await waitFor(() => expect(stops).toEqual(["stopped"]));
    // Asked once, when it could get through.
    expect(server.callsTo("POST /api/chat-stream/stop")).toHaveLength(1);
    expect(screen.queryByText(stopFailedText())).toBeNull();
  });

  it("one for an answer the server does not have is not asked again, and says nothing", async () => {
    const { server } = await stopWhileAnswering(() => apiError(404, "NOT_FOUND", "Message not found."));
    await waitFor(() => expect(server.callsTo("POST /api/chat-stream/stop")).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 100));
    expect(server.callsTo("POST /api/chat-stream/stop")).toHaveLength(1);
    expect(waits).toEqual([]);
    expect(screen.queryByText(stopFailedText())).toBeNull();
  });
});
