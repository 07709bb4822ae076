// The one hook that drives a page's durable answers (chat's turn, a search and its thread, the answers
// of a comparison), each under a key of the feature's: it opens an answer's stream, follows the stored
// answer when that stream is lost or the page opens one still being written, stops answers by name,
// and lets go of them when the page leaves (they go on on the server). The states are durable-answer's;
// the feature supplies what its events mean and how its answers are stopped and read (DurableSpec).
import { useEffect, useRef, useState } from "react";
import { createAnswerDriver } from "./answer-driver";
import { isRunning, type DurableAnswer } from "./durable-answer";
import type { DurableSpec } from "./drive-answer";

export function useDurableAnswers<Event, V, Stored>(spec: DurableSpec<Event, V, Stored>) {
  // Read when used, so the feature's spec may close over its render's values.
  const specRef = useRef(spec);
  useEffect(() => {
    specRef.current = spec;
  });
  const [answers, setAnswers] = useState<ReadonlyMap<string, DurableAnswer<V>>>(() => new Map());
  const [driver] = useState(() => createAnswerDriver(() => specRef.current, setAnswers));
  useEffect(() => () => driver.dispose(), [driver]);

  const { start, follow, put, stop, release, anyRunning } = driver;
  const running = [...answers.values()].some((a) => isRunning(a.phase));
  return { answers, running, start, follow, put, stop, release, anyRunning };
}
