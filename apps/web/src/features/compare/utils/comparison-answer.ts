// One answer of a comparison (spec §4 "Comparison, per model") as a durable answer (lib/durable-answer):
// what each event of its stream means for its card, and the card as the server stored it. Pure.
import type { ComparisonResponse, ComparisonStatus, ComparisonStreamEvent } from "@tessera/contracts";
import {
  isRunning,
  type AnswerEvent,
  type AnswerPhase,
  type DurableAnswer,
} from "@/lib/durable-answer/durable-answer";

export type ComparisonAnswer = DurableAnswer<ComparisonResponse>;

/** What one event of an answer's stream means for its card. */
export function comparisonEventMeaning(
  card: ComparisonResponse,
  event: ComparisonStreamEvent,
): AnswerEvent<ComparisonResponse> {
  switch (event.type) {
    case "start":
      return { type: "named", name: event.responseId, value: { ...card, status: "streaming" } };
    case "chunk":
      return { type: "grew", value: { ...card, status: "streaming", content: card.content + event.content } };
    case "complete": {
      const { tokens: tokensUsed, timeToFirstTokenMs, responseTimeMs, tokensPerSecond, cost } = event;
      const metrics = { tokensUsed, timeToFirstTokenMs, responseTimeMs, tokensPerSecond, cost };
      return { type: "closed", phase: "complete", value: { ...card, status: "complete", ...metrics } };
    }
    case "error": {
      const error = event.message || event.error;
      return { type: "closed", phase: "failed", value: { ...card, status: "error", error }, error };
    }
  }
}

const PHASES: Record<ComparisonStatus, AnswerPhase> = {
  pending: "pending",
  streaming: "streaming",
  complete: "complete",
  error: "failed",
  stopped: "stopped",
};

/**
 * The card read again as stored. Stopped here (spec §4: an abort changes no status), it takes the
 * stored text only where that is further along (a draft stored elsewhere can lag behind what arrived).
 * Followed, it takes the stored one, never losing words it showed.
 */
export function storedComparisonAnswer(answer: ComparisonAnswer, stored: ComparisonResponse) {
  const card = answer.value;
  const content = stored.content.length > card.content.length ? stored.content : card.content;
  const phase = PHASES[stored.status];
  if (answer.phase === "stopped") return { phase, value: { ...card, content } };
  return { phase, value: isRunning(phase) ? { ...card, content } : { ...stored, content } };
}

/** What a card shows of its answer: one that failed before its stream said so says why. */
export function cardOf({ phase, value, error }: ComparisonAnswer): ComparisonResponse {
  return phase === "failed" && value.status !== "error" ? { ...value, status: "error", error } : value;
}

/** The part of a card its stream writes (not its rating, model or place). */
export const streamedPart = (card: ComparisonResponse) => {
  const { status, content, error, tokensUsed, timeToFirstTokenMs, responseTimeMs, tokensPerSecond, cost } =
    card;
  return { status, content, error, tokensUsed, timeToFirstTokenMs, responseTimeMs, tokensPerSecond, cost };
};
