// GET /api/chat-stream/:messageId/follow: an answer still being written, for a page that did not ask
// for it (a reload mid-answer, another tab): `resume` with the text and tool calls so far, `chunk`s
// and each tool call as it goes (a call waiting for approval shows its card here too), then `end`. No
// events at all (204) when the server process that took the request is not the one writing it, or
// it has ended: the page reads the stored answer instead.
import type { ChatFollowEvent, ToolStep } from "@tessera/contracts";
import { apiStream } from "@/lib/api-client";
import { DENIED_TEXT } from "../utils/chat-turn";

export async function* followAnswer(messageId: string, signal: AbortSignal): AsyncGenerator<ChatFollowEvent> {
  const path = `/api/chat-stream/${encodeURIComponent(messageId)}/follow`;
  const schemas = import("./later-schemas");
  const reader = import("@/lib/sse-reader");
  const stream = await apiStream(path, { method: "GET", signal });
  const { readSseEvents } = await reader;
  yield* readSseEvents(stream, (await schemas).chatFollowEventSchema, signal);
}

/**
 * The answer `message` as it grows, relayed token by token while the server process writing it does;
 * ends when it has ended, or at once (204) when that process is another one.
 */
export async function* relayAnswer<M extends { content: string; toolSteps?: ToolStep[] }>(
  messageId: string,
  message: M,
  signal: AbortSignal,
): AsyncGenerator<M> {
  let current = message;
  for await (const event of followAnswer(messageId, signal)) {
    if (event.type === "end") return;
    if (event.type === "resume")
      current = {
        ...current,
        content: event.content,
        ...(event.toolCalls?.length ? { toolSteps: event.toolCalls } : {}),
      };
    else if (event.type === "chunk") current = { ...current, content: current.content + event.content };
    else current = { ...current, toolSteps: withToolEvent(current.toolSteps ?? [], event) };
    yield current;
  }
}

type ToolEvent = Extract<ChatFollowEvent, { type: "tool_call" | "tool_approval" | "tool_result" }>;

/** The steps once a tool event is applied: as the chat stream's events change them (chat-turn.ts). */
function withToolEvent(steps: ToolStep[], event: ToolEvent): ToolStep[] {
  if (event.type === "tool_call") {
    if (steps.some((s) => s.id === event.id)) return steps;
    const { type: _, ...call } = event;
    return [...steps, { ...call, output: null, isError: false, durationMs: null, approval: "none" }];
  }
  return steps.map((step) => {
    if (step.id !== event.id) return step;
    if (event.type === "tool_approval") return { ...step, approval: "pending" };
    const { output, isError, durationMs } = event;
    // A call that waited and then ran was approved; one that waited and failed unrun was denied.
    const approval =
      step.approval === "pending"
        ? isError && output === DENIED_TEXT
          ? "denied"
          : "approved"
        : step.approval;
    return { ...step, output, isError, durationMs, approval };
  });
}
