import { resolveUrlModel } from "@tessera/contracts";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { liveSse } from "@/testing/fetch-stub";
import { messageBox, openChat } from "./chat-test-steps";

const LONG = "Tessa answers from the workspace's own help articles and model catalogue, with sources.";
/** About 4,000 characters: at the old typewriter's 40 a second, 100 s to appear. */
const WHOLE = Array.from({ length: 45 }, (_, i) => `${LONG.slice(0, -1)} (${i + 1}).`).join(" ");

describe("how answers are shown", () => {
  it("the classic interface shows a long answer that arrived at once within 150 ms; Stop stays until then", async () => {
    const stream = liveSse();
    const { user } = await openChat("/dashboard/chat", { "POST /api/chat-stream": stream.handler });
    await user.type(messageBox(), "What can Tessa do?{Enter}");
    stream.push({
      type: "start",
      conversationId: "c0ffee00-0000-4000-8000-000000000003",
      model: "guide",
      messageId: "a0a0a0a0-0000-4000-8000-000000000003",
    });
    const answer = await screen.findByRole("article", { name: "Tessa said" });
    // From here the clock is the test's: a whole answer of some 4,000 characters arrives at once.
    vi.useFakeTimers({
      toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout", "Date", "performance"],
    });
    try {
      await act(async () => {
        stream.push({ type: "chunk", content: WHOLE });
        stream.push({
          type: "complete",
          outputTokens: 1000,
          sources: [],
          messageId: "a0a0a0a0-0000-4000-8000-000000000003",
        });
        stream.close();
        await vi.advanceTimersByTimeAsync(0);
      });
      // Still easing in: the answer is busy and Stop is still there.
      expect(answer.textContent).not.toContain(WHOLE);
      expect(answer.getAttribute("aria-busy")).toBe("true");
      expect(screen.getByRole("button", { name: "Stop" })).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(150));
      expect(answer.textContent).toContain(WHOLE);
      expect(answer.getAttribute("aria-busy")).toBe("false");
      expect(screen.queryByRole("button", { name: "Stop" })).toBeNull();
      expect(within(answer).queryByRole("button", { name: "Show all" })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("the new interface shows text as soon as it arrives", async () => {
    localStorage.setItem("preferred_chat_interface", "new");
    const stream = liveSse();
    const { user } = await openChat("/dashboard/chat?feature_streamingChatV2=1", {
      "POST /api/chat-stream": stream.handler,
    });
    expect(await screen.findByRole("button", { name: "Back to Classic" })).toBeTruthy();
    await user.type(messageBox(), "What can Tessa do?{Enter}");
    expect(await screen.findByText("Thinking…")).toBeTruthy();
    stream.push({
      type: "start",
      conversationId: "c0ffee00-0000-4000-8000-000000000004",
      model: "guide",
      messageId: "a0a0a0a0-0000-4000-8000-000000000004",
    });
    stream.push({ type: "chunk", content: LONG });
    expect(await screen.findByText(LONG)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Stop" })).toBeTruthy();
  });

  it("a quiet pause in typing shows the draft hint after a second", async () => {
    const { user } = await openChat();
    await user.type(messageBox(), "Half a thought");
    expect(screen.getByTestId("draft-indicator").textContent).toBe("");
    await waitFor(
      () => expect(screen.getByTestId("draft-indicator").textContent).toContain("Paused typing"),
      {
        timeout: 2000,
      },
    );
  });
});

describe("the chat address's model (spec §5)", () => {
  it.each([
    ["guide", "guide"],
    ["gpt-5", "gpt-5"],
    ["GPT-4o", "gpt-4o"],
    ["claude-sonnet", "claude-sonnet"],
    ["gemini-pro", "gemini-pro"],
    ["grok-4", "grok-4"],
    ["core", "guide"],
    ["pro", "guide"],
    ["max", "guide"],
    ["social", "guide"],
    ["writer", "guide"],
    ["research", "guide"],
    ["qwen-3", null],
    ["openai/gpt-5", null],
    ["", null],
  ])("%j → %j", (value, expected) => expect(resolveUrlModel(value)).toBe(expected));
});
