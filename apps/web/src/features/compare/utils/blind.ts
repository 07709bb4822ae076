// Blind comparisons (beyond the spec, DESIGN.md): answers are "Model A", "Model B"… until revealed.
import { BLIND_LABELS } from "@tessera/contracts";

export const isHidden = (comparison: { blind: boolean; revealed: boolean }) =>
  comparison.blind && !comparison.revealed;

/** "A–C" for three answers, "A" for one. */
export function blindRange(count: number): string {
  const last = BLIND_LABELS[Math.min(Math.max(count, 1), BLIND_LABELS.length) - 1] ?? "A";
  return count > 1 ? `${BLIND_LABELS[0]}–${last}` : last;
}
