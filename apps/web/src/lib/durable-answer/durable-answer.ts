// A durable answer (DESIGN.md "Answers that outlive their page"): a chat answer, a search or one
// answer of a comparison, stored by the server as it grows, so it outlives the page that asked for it.
// Its states and what moves it between them, as pure functions: the hook that reads its streams
// (use-durable-answers) and every feature agree on them. What arrived (`value`) is the feature's; the
// feature says what its events mean (an AnswerEvent) and computes the value each one brings.

/** pending → streaming → complete | stopped | interrupted | failed (docs/streams.md). */
export type AnswerPhase = "pending" | "streaming" | "complete" | "stopped" | "interrupted" | "failed";

/**
 * How a running answer is read: its own stream (this page asked for it); the stored answer after that
 * stream was lost on the way ("reconnecting"); or the stored answer from the start ("following": a
 * reload, another tab, history).
 */
export type AnswerReading = "stream" | "reconnecting" | "following";

export interface DurableAnswer<V> {
  phase: AnswerPhase;
  /** The server's name for it (Stop names it), once its stream's first event gave it. */
  name: string | null;
  reading: AnswerReading;
  /** Stopped before the server named it, where Stop needs the name: stopped by it once named. */
  stopOnName: boolean;
  value: V;
  /** Why it failed, in words to show. */
  error: string | null;
}

export type AnswerEvent<V> =
  /** The stream's opening event: the server began the answer and names it. */
  | { type: "named"; name: string; value: V }
  /** More of it arrived (text, sources, where it stands). */
  | { type: "grew"; value: V }
  /** The stream's closing event: whole, or failed with the server's words. */
  | { type: "closed"; phase: "complete" | "failed"; value: V; error?: string }
  /** The stream broke off without its closing event (or was refused before it began). */
  | { type: "lost"; error: string }
  /** A read of the stored answer: still running, or how it ended, with what it holds. */
  | { type: "stored"; phase: AnswerPhase; value: V }
  /** The stored answer is no longer there (deleted meanwhile). */
  | { type: "gone"; error: string }
  /** Stop was pressed here; `untilNamed` when the server can be told only once it has named it. */
  | { type: "stop"; untilNamed: boolean };

export const isRunning = (phase: AnswerPhase) => phase === "pending" || phase === "streaming";

/** An answer this page asks for, before its stream says anything. */
export function pendingAnswer<V>(value: V): DurableAnswer<V> {
  return { phase: "pending", name: null, reading: "stream", stopOnName: false, value, error: null };
}

/** An answer still being written that this page did not ask for: followed as it is stored. */
export function followedAnswer<V>(name: string, value: V): DurableAnswer<V> {
  return { phase: "streaming", name, reading: "following", stopOnName: false, value, error: null };
}

/** An answer read back as it was stored, ended. */
export function endedAnswer<V>(name: string, phase: AnswerPhase, value: V): DurableAnswer<V> {
  return { phase, name, reading: "following", stopOnName: false, value, error: null };
}

/** The answer after one event. Unchanged (the same object) when the event means nothing in its state. */
export function answerStep<V>(answer: DurableAnswer<V>, event: AnswerEvent<V>): DurableAnswer<V> {
  if (answer.phase === "stopped") return stoppedStep(answer, event);
  // Complete, interrupted and failed are final.
  if (!isRunning(answer.phase)) return answer;
  switch (event.type) {
    case "named":
      return { ...answer, phase: "streaming", name: event.name, value: event.value };
    case "grew":
      return { ...answer, phase: "streaming", value: event.value };
    case "closed":
      return { ...answer, phase: event.phase, value: event.value, error: event.error ?? null };
    case "lost":
      // Once named it goes on on the server: followed as stored. Before, there is nothing to follow.
      if (!answer.name) return { ...answer, phase: "failed", error: event.error };
      return answer.reading === "stream"
        ? { ...answer, phase: "streaming", reading: "reconnecting" }
        : answer;
    case "stored": {
      // A stored answer not yet begun does not move one that has back to pending.
      const phase = event.phase === "pending" ? answer.phase : event.phase;
      return { ...answer, phase, value: event.value };
    }
    case "gone":
      return { ...answer, phase: "failed", error: event.error };
    case "stop":
      return { ...answer, phase: "stopped", stopOnName: event.untilNamed && answer.name === null };
  }
}

/**
 * A stopped answer keeps what arrived. It learns its name if Stop was waiting for it, and takes the
 * stored form once the server has ended it (which may hold words that were on their way).
 */
function stoppedStep<V>(answer: DurableAnswer<V>, event: AnswerEvent<V>): DurableAnswer<V> {
  if (event.type === "named" && answer.stopOnName) return { ...answer, name: event.name, stopOnName: false };
  if (event.type === "stored" && !isRunning(event.phase)) return { ...answer, value: event.value };
  return answer;
}
