import { useLayoutEffect, useRef, type MouseEvent } from "react";

/**
 * How long after a Stop button gives way to its Send (or Search) a click there is taken as one meant
 * for Stop: a run that ends just as Stop is clicked must not send what was typed meanwhile.
 */
export const SEND_AFTER_STOP_GRACE_MS = 600;

/**
 * For a button that takes Stop's place once `running` ends: an onClick that cancels a click arriving
 * within the grace while the box still holds what it held when Stop went (`draft`), so it submits
 * nothing. Only a pointer's click is held (`detail` counts its clicks): Enter in the box, which a
 * form turns into a click of its submit button with no count, a key pressed on the button, and a
 * click after editing the draft are deliberate.
 */
export function useStopGrace(running: boolean, draft: string): (event: MouseEvent) => void {
  const stopGone = useRef({ at: Number.NEGATIVE_INFINITY, draft });
  const wasRunning = useRef(running);
  useLayoutEffect(() => {
    if (wasRunning.current && !running) stopGone.current = { at: performance.now(), draft };
    wasRunning.current = running;
  }, [running, draft]);
  return (event) => {
    const { at, draft: then } = stopGone.current;
    if (event.detail > 0 && draft === then && performance.now() - at < SEND_AFTER_STOP_GRACE_MS)
      event.preventDefault();
  };
}
