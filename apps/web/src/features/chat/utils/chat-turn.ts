// One turn of the conversation (spec §4 "Chat send"): the question and the answer shown for it, what
// each event of the answer's stream means, and the answer as the server stored it. An answer is a
// durable answer (lib/durable-answer): its life is that machine's; what it says is this file's. Pure.
import {
  withInterruptedMark,
  type ChatStreamEvent,
  type StoredMessage,
  type ToolStep,
} from "@tessera/contracts";
import {
  isRunning,
  type AnswerEvent,
  type AnswerPhase,
  type DurableAnswer,
} from "@/lib/durable-answer/durable-answer";
import type { PendingAttachment } from "../hooks/use-composer";
import { chatErrorText } from "./chat-errors";
import { composeMessage, fromStoredMessage, localId, storedIdOf, type ChatMessage } from "./chat-message";

export type ChatAnswer = DurableAnswer<ChatMessage>;

export interface SendInput {
  prompt: string;
  attachments: PendingAttachment[];
  model: string;
  research: boolean;
  /** Reveal the answer with the typewriter (classic interface). */
  reveal: boolean;
  /** Answer as this assistant (its prompt, instructions, sampling and knowledge). */
  assistantId?: string | null;
  /** Tool ids chosen for the conversation; absent, the conversation's remembered set applies. */
  tools?: string[] | null;
  /** Knowledge bases to answer from (`#` in the composer); none, the person's whole knowledge. */
  collectionIds?: string[];
}

/**
 * How to answer again: the model, research and assistant chosen now, with `answerId` the answer to
 * redo (the last one when absent), and with `message` its question's new wording (its attached files'
 * text composed in, its pictures kept).
 */
export type RegenerateInput = Omit<SendInput, "prompt" | "attachments"> & {
  message?: string;
  answerId?: string;
};

/** The answer before its first word ("Thinking…"). */
const waitingAnswer = (model: string, reveal: boolean): ChatMessage => ({
  id: localId("answer"),
  role: "assistant",
  content: "",
  timestamp: new Date().toISOString(),
  tokens: null,
  model,
  images: [],
  sources: [],
  reveal,
});

/** A new question with its attached files' text composed in and its pictures shown, and its answer. */
export function sendTurn({ prompt, attachments, model, reveal }: SendInput) {
  const texts = attachments.flatMap((a) => (a.kind === "text" ? [{ name: a.name, text: a.text }] : []));
  const images = attachments.flatMap((a) => (a.kind === "image" ? [a] : []));
  const user: ChatMessage = {
    id: localId("user"),
    role: "user",
    content: composeMessage(prompt, texts),
    timestamp: new Date().toISOString(),
    tokens: null,
    model: null,
    images: images.map((i) => ({ id: i.id, url: i.preview, name: i.name })),
    sources: [],
  };
  return { user, answer: waitingAnswer(model, reveal), images };
}

/**
 * A question answered again: the answer it replaces (the server's id names it; the last one unless
 * `answerId` names another), in a new wording with `message`. The conversation branches there: what
 * followed the answer (and the question, when edited) leaves the page with it. Null when there is none.
 */
export function regenerateTurn(
  messages: readonly ChatMessage[],
  { model, reveal, message, answerId }: RegenerateInput,
) {
  const at =
    answerId === undefined ? messages.length - 1 : messages.findIndex((m) => storedIdOf(m) === answerId);
  const answered = messages[at];
  const oldQuestion = messages[at - 1];
  const messageId = answered?.role === "assistant" ? storedIdOf(answered) : null;
  if (!answered || !messageId) return null;
  if (message !== undefined && (oldQuestion?.role !== "user" || !message.trim())) return null;
  const edited: ChatMessage | null =
    message !== undefined && oldQuestion
      ? {
          ...oldQuestion,
          id: localId("user"),
          storedId: undefined,
          versions: undefined,
          content: message.trim(),
        }
      : null;
  // The old answer can be read again under the new one; an edited question starts afresh.
  const answer = { ...waitingAnswer(model, reveal), hasEarlier: message === undefined };
  const replaced = messages.slice(edited ? at - 1 : at);
  return { old: replaced.at(-1)!, messageId, edited, replaced, answer };
}

/** What the server tells the model (and the page) of a call the person denied or left unanswered. */
export const DENIED_TEXT = "The person did not allow this call.";

function withStep(message: ChatMessage, id: string, change: Partial<ToolStep>): ChatMessage {
  const steps = (message.toolSteps ?? []).map((s) => (s.id === id ? { ...s, ...change } : s));
  return { ...message, toolSteps: steps };
}

/** Where an answer stands is shown only before its first words. */
const settled = ({ status: _, ...message }: ChatMessage): ChatMessage => message;

/** What one event of an answer's stream means. */
export function chatEventMeaning(message: ChatMessage, event: ChatStreamEvent): AnswerEvent<ChatMessage> {
  switch (event.type) {
    case "start":
      return { type: "named", name: event.messageId, value: { ...message, answerId: event.messageId } };
    case "tool_call": {
      const step: ToolStep = {
        id: event.id,
        name: event.name,
        ...(event.tool && event.server ? { tool: event.tool, server: event.server } : {}),
        input: event.input,
        output: null,
        isError: false,
        durationMs: null,
        approval: "none",
      };
      return { type: "grew", value: { ...message, toolSteps: [...(message.toolSteps ?? []), step] } };
    }
    case "tool_approval":
      return { type: "grew", value: withStep(message, event.id, { approval: "pending" }) };
    case "tool_result": {
      const { id, output, isError, durationMs } = event;
      const step = message.toolSteps?.find((s) => s.id === id);
      // A call that waited and then ran was approved; one that waited and failed unrun was denied.
      const approval =
        step?.approval === "pending"
          ? isError && output === DENIED_TEXT
            ? "denied"
            : "approved"
          : step?.approval;
      return {
        type: "grew",
        value: withStep(message, id, { output, isError, durationMs, ...(approval ? { approval } : {}) }),
      };
    }
    case "chunk":
      return { type: "grew", value: { ...message, content: message.content + event.content } };
    case "status":
      return { type: "grew", value: { ...message, status: event.message } };
    case "complete": {
      const { messageId: storedId, outputTokens: tokens, sources } = event;
      const value = { ...settled(message), storedId, tokens, sources, timestamp: new Date().toISOString() };
      return { type: "closed", phase: "complete", value };
    }
    case "error":
      return { type: "closed", phase: "failed", value: message, error: chatErrorText(event.message) };
  }
}

const STORED_PHASES: Record<NonNullable<StoredMessage["status"]>, AnswerPhase> = {
  streaming: "streaming",
  complete: "complete",
  interrupted: "interrupted",
  error: "failed",
};

/** The answer read as stored: its text while it is written; once ended, as stored (in its place here). */
export function storedChatAnswer(answer: ChatAnswer, stored: StoredMessage) {
  const phase = STORED_PHASES[stored.status ?? "complete"];
  if (isRunning(phase))
    return {
      phase,
      value: {
        ...answer.value,
        content: stored.content,
        answerId: stored.id,
        // The calls so far (one waiting for approval too) come with the stored text.
        ...(stored.tool_calls?.length ? { toolSteps: stored.tool_calls } : {}),
      },
    };
  if (answer.phase !== "stopped") return { phase, value: fromStoredMessage(stored) };
  const kept = { ...fromStoredMessage(stored), id: answer.value.id, storedId: stored.id, reveal: false };
  return { phase, value: kept };
}

/** An answer cut short (stopped, or failed part-way) as the page keeps it: what it had. */
export const keptMessage = ({ value, name, reading, phase }: ChatAnswer): ChatMessage => ({
  ...settled(value),
  storedId: name ?? undefined,
  // Stopped, it says so; a failure says so in its toast.
  content: phase === "stopped" ? withInterruptedMark(value.content) : value.content,
  timestamp: reading === "stream" ? new Date().toISOString() : value.timestamp,
  reveal: false,
});
