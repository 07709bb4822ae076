// Every state of a durable answer against every event: what it becomes, or that it stays the same.
import { describe, expect, it } from "vitest";
import {
  answerStep,
  endedAnswer,
  followedAnswer,
  isRunning,
  pendingAnswer,
  type AnswerEvent,
  type DurableAnswer,
} from "./durable-answer";

type Answer = DurableAnswer<string>;
const NAME = "answer-1";

const states: Record<string, Answer> = {
  pending: pendingAnswer("before"),
  streaming: { ...pendingAnswer("before"), phase: "streaming", name: NAME },
  "streaming, unnamed": { ...pendingAnswer("before"), phase: "streaming" },
  reconnecting: { ...pendingAnswer("before"), phase: "streaming", name: NAME, reading: "reconnecting" },
  following: followedAnswer(NAME, "before"),
  "stopped, waiting for its name": { ...pendingAnswer("before"), phase: "stopped", stopOnName: true },
  stopped: { ...pendingAnswer("before"), phase: "stopped", name: NAME },
  complete: endedAnswer(NAME, "complete", "before"),
  interrupted: endedAnswer(NAME, "interrupted", "before"),
  failed: { ...pendingAnswer("before"), phase: "failed", error: "It broke." },
};

const events: Record<string, AnswerEvent<string>> = {
  named: { type: "named", name: "answer-2", value: "after" },
  grew: { type: "grew", value: "after" },
  "closed complete": { type: "closed", phase: "complete", value: "after" },
  "closed failed": { type: "closed", phase: "failed", value: "after", error: "The model failed." },
  lost: { type: "lost", error: "Connection lost." },
  "stored pending": { type: "stored", phase: "pending", value: "after" },
  "stored streaming": { type: "stored", phase: "streaming", value: "after" },
  "stored interrupted": { type: "stored", phase: "interrupted", value: "after" },
  gone: { type: "gone", error: "Not found." },
  stop: { type: "stop", untilNamed: false },
  "stop until named": { type: "stop", untilNamed: true },
};

/** What each state becomes after each event, as the fields that change; "same" for no change at all. */
const expected: Record<string, Record<string, Partial<Answer> | "same">> = {
  pending: {
    named: { phase: "streaming", name: "answer-2", value: "after" },
    grew: { phase: "streaming", value: "after" },
    "closed complete": { phase: "complete", value: "after" },
    "closed failed": { phase: "failed", value: "after", error: "The model failed." },
    // Nothing to follow before the server named it.
    lost: { phase: "failed", error: "Connection lost." },
    "stored pending": { value: "after" },
    "stored streaming": { phase: "streaming", value: "after" },
    "stored interrupted": { phase: "interrupted", value: "after" },
    gone: { phase: "failed", error: "Not found." },
    stop: { phase: "stopped" },
    "stop until named": { phase: "stopped", stopOnName: true },
  },
  streaming: {
    named: { name: "answer-2", value: "after" },
    grew: { value: "after" },
    "closed complete": { phase: "complete", value: "after" },
    "closed failed": { phase: "failed", value: "after", error: "The model failed." },
    // It goes on on the server: followed as stored.
    lost: { reading: "reconnecting" },
    "stored pending": { value: "after" },
    "stored streaming": { value: "after" },
    "stored interrupted": { phase: "interrupted", value: "after" },
    gone: { phase: "failed", error: "Not found." },
    stop: { phase: "stopped" },
    // Named already: Stop names it at once.
    "stop until named": { phase: "stopped" },
  },
  "streaming, unnamed": {
    named: { name: "answer-2", value: "after" },
    grew: { value: "after" },
    "closed complete": { phase: "complete", value: "after" },
    "closed failed": { phase: "failed", value: "after", error: "The model failed." },
    lost: { phase: "failed", error: "Connection lost." },
    "stored pending": { value: "after" },
    "stored streaming": { value: "after" },
    "stored interrupted": { phase: "interrupted", value: "after" },
    gone: { phase: "failed", error: "Not found." },
    stop: { phase: "stopped" },
    "stop until named": { phase: "stopped", stopOnName: true },
  },
  reconnecting: {
    named: { name: "answer-2", value: "after" },
    grew: { value: "after" },
    "closed complete": { phase: "complete", value: "after" },
    "closed failed": { phase: "failed", value: "after", error: "The model failed." },
    lost: "same",
    "stored pending": { value: "after" },
    "stored streaming": { value: "after" },
    "stored interrupted": { phase: "interrupted", value: "after" },
    gone: { phase: "failed", error: "Not found." },
    stop: { phase: "stopped" },
    "stop until named": { phase: "stopped" },
  },
  following: {
    named: { name: "answer-2", value: "after" },
    grew: { value: "after" },
    "closed complete": { phase: "complete", value: "after" },
    "closed failed": { phase: "failed", value: "after", error: "The model failed." },
    lost: "same",
    "stored pending": { value: "after" },
    "stored streaming": { value: "after" },
    "stored interrupted": { phase: "interrupted", value: "after" },
    gone: { phase: "failed", error: "Not found." },
    stop: { phase: "stopped" },
    "stop until named": { phase: "stopped" },
  },
  "stopped, waiting for its name": {
    // Learns the name (Stop then names it); what arrived stays.
    named: { name: "answer-2", stopOnName: false },
    grew: "same",
    "closed complete": "same",
    "closed failed": "same",
    lost: "same",
    "stored pending": "same",
    "stored streaming": "same",
    "stored interrupted": { value: "after" },
    gone: "same",
    stop: "same",
    "stop until named": "same",
  },
  stopped: {
    named: "same",
    grew: "same",
    "closed complete": "same",
    "closed failed": "same",
    lost: "same",
    "stored pending": "same",
    "stored streaming": "same",
    // The stored form once the server has ended it: it may hold words that were on their way.
    "stored interrupted": { value: "after" },
    gone: "same",
    stop: "same",
    "stop until named": "same",
  },
  complete: Object.fromEntries(Object.keys(events).map((e) => [e, "same"])),
  interrupted: Object.fromEntries(Object.keys(events).map((e) => [e, "same"])),
  failed: Object.fromEntries(Object.keys(events).map((e) => [e, "same"])),
};

describe("a durable answer's transitions", () => {
  for (const [stateName, state] of Object.entries(states)) {
    for (const [eventName, event] of Object.entries(events)) {
      const outcome = expected[stateName]![eventName]!;
      it(`${stateName} + ${eventName} → ${outcome === "same" ? "unchanged" : JSON.stringify(outcome)}`, () => {
        const next = answerStep(state, event);
        if (outcome === "same") expect(next).toBe(state);
        else expect(next).toEqual({ ...state, ...outcome });
      });
    }
  }

  it("covers every state against every event", () => {
    for (const stateName of Object.keys(states))
      expect(Object.keys(expected[stateName]!).sort()).toEqual(Object.keys(events).sort());
  });

  it("runs while pending or streaming only", () => {
    expect(Object.values(states).filter((s) => isRunning(s.phase)).length).toBe(5);
    expect(isRunning("stopped")).toBe(false);
    expect(isRunning("interrupted")).toBe(false);
  });

  it("one asked for here is pending and read from its stream; one followed is streaming, read as stored", () => {
    expect(pendingAnswer("v")).toEqual({
      phase: "pending",
      name: null,
      reading: "stream",
      stopOnName: false,
      value: "v",
      error: null,
    });
    expect(followedAnswer(NAME, "v")).toMatchObject({ phase: "streaming", name: NAME, reading: "following" });
  });
});
