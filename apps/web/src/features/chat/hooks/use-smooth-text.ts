// What a streamed answer shows in the classic interface: the text that has arrived, eased in so a
// paragraph does not land at once, and never more than CATCH_UP_MS behind it. (A typewriter at the
// spec's 40 characters a second once kept a long answer, whole after 0.8 s, coming for 22 s.) When
// `active` is false (the new interface, a stored message, Stop, reduced motion) it all shows at once.
import { createContext, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

/** Each piece of text is shown whole this long after it arrived. */
export const CATCH_UP_MS = 100;
const TICK_MS = 25;

export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/** Shown characters eased from `from` to `to`, linearly over CATCH_UP_MS from `at`. */
interface Segment {
  from: number;
  to: number;
  at: number;
}

const positionAt = ({ from, to, at }: Segment, now: number) =>
  from + Math.ceil((to - from) * Math.min(1, Math.max(0, now - at) / CATCH_UP_MS));

export function useSmoothText(text: string, active: boolean): { visible: string; catchingUp: boolean } {
  const length = text.length;
  const [shown, setShown] = useState(length);
  const segment = useRef<Segment>({ from: length, to: length, at: 0 });

  // More text: ease from what is shown now to its new end. Less (a new answer in its place): restart.
  useLayoutEffect(() => {
    const current = segment.current;
    if (length === current.to) return;
    const now = Date.now();
    segment.current = { from: Math.min(positionAt(current, now), length), to: length, at: now };
  }, [length]);

  const behind = active && shown < length;
  useEffect(() => {
    if (!behind) return;
    const timer = setInterval(() => setShown(positionAt(segment.current, Date.now())), TICK_MS);
    return () => clearInterval(timer);
  }, [behind]);

  if (!active) return { visible: text, catchingUp: false };
  return { visible: text.slice(0, Math.min(shown, length)), catchingUp: shown < length };
}

/**
 * Where an answer says it is still being shown (`on`) and when it is whole: the page keeps Stop until
 * what is shown is complete.
 */
export const RevealReportContext = createContext<(id: string, on: boolean) => void>(() => {});

/** Whether any answer on the page is still catching up, and the report its messages call. */
export function useRevealTracker(): { revealing: boolean; report: (id: string, on: boolean) => void } {
  const ids = useRef(new Set<string>());
  const [revealing, setRevealing] = useState(false);
  const report = useCallback((id: string, on: boolean) => {
    if (on) ids.current.add(id);
    else ids.current.delete(id);
    setRevealing(ids.current.size > 0);
  }, []);
  return { revealing, report };
}
