// Tool calls in an answer: each a step that opens to its input and output, shown as text whatever a
// tool returned (markup stays letters), long output cut with Show all, and a waiting call's card that
// sends the person's Approve or Deny for that call of that answer.
import type { ChatStreamEvent, ToolStep } from "@tessera/contracts";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, stubFetch } from "@/testing/fetch-stub";
import { chatEventMeaning } from "../utils/chat-turn";
import type { ChatMessage } from "../utils/chat-message";
import { OUTPUT_PREVIEW_CHARS, ToolSteps } from "./tool-steps";

afterEach(() => vi.unstubAllGlobals());

const HOSTILE = '<img src=x onerror="alert(1)"><a href="javascript:alert(2)">click me</a> **bold**';
const step = (over: Partial<ToolStep>): ToolStep => ({
  id: "call_1",
  name: "web_search",
  input: { query: "weather" },
  output: "Sunny",
  isError: false,
  durationMs: 1234,
  approval: "none",
  ...over,
});

describe("ToolSteps", () => {
  it("opens a step to its input and output, as text and never markup", async () => {
    const user = userEvent.setup();
    const { container } = render(<ToolSteps steps={[step({ output: HOSTILE, input: { q: HOSTILE } })]} />);
    expect(screen.getByText("web_search")).toBeTruthy();
    expect(screen.getByText("1.2 s")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: /web_search/ }));
    expect(screen.getByText(HOSTILE)).toBeTruthy();
    expect(container.querySelector("img, a, strong, script")).toBeNull();
  });

  it("cuts a long output and shows all of it when asked", async () => {
    const user = userEvent.setup();
    const long = `${"a".repeat(OUTPUT_PREVIEW_CHARS)}THE END`;
    render(<ToolSteps steps={[step({ output: long })]} />);
    await user.click(screen.getByRole("button", { name: /web_search/ }));
    expect(screen.queryByText(/THE END/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Show all" }));
    expect(screen.getByText(/THE END/)).toBeTruthy();
  });

  it("says a call failed, or was denied", () => {
    render(
      <ToolSteps
        steps={[
          step({ id: "a", isError: true, output: "The tool failed: boom" }),
          step({ id: "b", isError: true, approval: "denied", output: "The person did not allow this call." }),
        ]}
      />,
    );
    expect(screen.getByText("Error")).toBeTruthy();
    expect(screen.getByText("Denied")).toBeTruthy();
  });

  it("asks before a call runs, and sends Approve or Deny for that call", async () => {
    const user = userEvent.setup();
    const server = stubFetch({
      "POST /api/chat-stream/tool-approval": () => new Response(null, { status: 204 }),
    });
    const waiting = step({ output: null, durationMs: null, approval: "pending", name: "delete_files" });
    const { rerender } = render(<ToolSteps steps={[waiting]} answerId="answer-1" />);
    expect(screen.getByRole("group", { name: "Approve delete_files?" })).toBeTruthy();
    expect(screen.getByText(/"query": "weather"/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(server.callsTo("POST /api/chat-stream/tool-approval")).toHaveLength(1));
    expect(server.calls.at(-1)!.body).toEqual({ messageId: "answer-1", toolCallId: "call_1", approve: true });
    // Sent once: the buttons wait for the call's result.
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Deny" }).disabled).toBe(true);

    rerender(<ToolSteps steps={[{ ...waiting, id: "call_2" }]} answerId="answer-1" />);
    await user.click(screen.getByRole("button", { name: "Deny" }));
    await waitFor(() => expect(server.callsTo("POST /api/chat-stream/tool-approval")).toHaveLength(2));
    expect(server.calls.at(-1)!.body).toMatchObject({ toolCallId: "call_2", approve: false });
  });

  it("names an MCP server's tool as the tool and its server; an older step by the name the model used", () => {
    render(
      <ToolSteps
        steps={[
          step({ id: "a", name: "files__search", tool: "search", server: "Team files" }),
          step({ id: "b", name: "files__read" }),
          step({
            id: "c",
            name: "files__rm",
            tool: "rm",
            server: "Team files",
            output: null,
            approval: "pending",
          }),
        ]}
        answerId="answer-1"
      />,
    );
    expect(screen.getByRole("button", { name: /search · Team files/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: /files__read/ })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Approve rm · Team files?" })).toBeTruthy();
    expect(screen.queryByText(/files__search|files__rm/)).toBeNull();
  });

  it("says so when the decision did not reach the server, and lets the person try again", async () => {
    const user = userEvent.setup();
    stubFetch({
      "POST /api/chat-stream/tool-approval": () =>
        json({ error: "NOT_FOUND", message: "No call waits for approval there." }, { status: 404 }),
    });
    render(<ToolSteps steps={[step({ output: null, approval: "pending" })]} answerId="answer-1" />);
    await user.click(screen.getByRole("button", { name: "Approve" }));
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>("button", { name: "Approve" }).disabled).toBe(false),
    );
  });
});

describe("an answer's tool events", () => {
  const empty: ChatMessage = {
    id: "local",
    role: "assistant",
    content: "",
    timestamp: "",
    tokens: null,
    model: "m",
    images: [],
    sources: [],
  };
  const apply = (events: ChatStreamEvent[]) =>
    events.reduce((m, e) => {
      const meant = chatEventMeaning(m, e);
      return "value" in meant ? meant.value : m;
    }, empty);

  it("adds each call as a step, marks one that waits, and fills in its result", () => {
    const started = apply([
      { type: "start", conversationId: "c", model: "m", messageId: "answer-9" },
      { type: "tool_call", id: "t1", name: "clock", input: {} },
      { type: "tool_call", id: "t2", name: "rm", input: { path: "/" } },
      { type: "tool_approval", id: "t2", name: "rm", input: { path: "/" } },
      { type: "tool_result", id: "t1", output: "noon", isError: false, durationMs: 3 },
    ]);
    expect(started.answerId).toBe("answer-9");
    expect(started.toolSteps).toMatchObject([
      { id: "t1", output: "noon", durationMs: 3, approval: "none" },
      { id: "t2", output: null, approval: "pending" },
    ]);
    const denied = apply([
      { type: "tool_call", id: "t2", name: "rm", input: {} },
      { type: "tool_approval", id: "t2", name: "rm", input: {} },
      {
        type: "tool_result",
        id: "t2",
        output: "The person did not allow this call.",
        isError: true,
        durationMs: 0,
      },
    ]);
    expect(denied.toolSteps![0]).toMatchObject({ approval: "denied", isError: true });
  });
});
