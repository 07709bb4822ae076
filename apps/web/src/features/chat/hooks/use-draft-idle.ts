import { useEffect, useState } from "react";

export const DRAFT_IDLE_MS = 1000;

/** True once the text has not changed for 1 s (spec §9 draft-typing indicator); false while blank. */
export function useDraftIdle(text: string): boolean {
  const [idleFor, setIdleFor] = useState<string | null>(null);
  useEffect(() => {
    if (!text.trim()) return;
    const timer = setTimeout(() => setIdleFor(text), DRAFT_IDLE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return Boolean(text.trim()) && idleFor === text;
}
