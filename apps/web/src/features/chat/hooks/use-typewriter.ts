// The classic interface's typewriter (spec §9: 40 characters per second). It follows a text that may
// still be growing; when `active` is false (the new interface, a stored message, Stop, or reduced
// motion) the whole text shows at once.
import { useEffect, useRef, useState } from "react";

export const TYPEWRITER_CHARS_PER_SECOND = 40;
const TICK_MS = 50;

export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

export function useTypewriter(text: string, active: boolean): { visible: string; typing: boolean } {
  const [shown, setShown] = useState(0);
  const lengthRef = useRef(text.length);
  lengthRef.current = text.length;
  const behind = active && shown < text.length;

  useEffect(() => {
    if (!behind) return;
    let carry = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      carry += ((now - last) * TYPEWRITER_CHARS_PER_SECOND) / 1000;
      last = now;
      const step = Math.floor(carry);
      if (step < 1) return;
      carry -= step;
      setShown((n) => Math.min(lengthRef.current, n + step));
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [behind]);

  if (!active) return { visible: text, typing: false };
  return { visible: text.slice(0, shown), typing: behind };
}
