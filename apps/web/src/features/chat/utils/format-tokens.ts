// Spec §9: the token estimate shown on a message is tokens × 5, rounded up, written with k or M.
export const TOKEN_DISPLAY_FACTOR = 5;

/** In 0.1 steps, always rounded up (6170 → 6.2). */
const tenthsUp = (value: number, unit: number) => Math.ceil((value / unit) * 10 - 1e-9) / 10;
const short = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

export function formatTokenEstimate(tokens: number): string {
  const estimate = Math.ceil(Math.max(0, tokens) * TOKEN_DISPLAY_FACTOR);
  if (estimate < 1_000) return String(estimate);
  const thousands = tenthsUp(estimate, 1_000);
  // 999,995 rounds up to 1000k: that is 1M.
  if (thousands < 1_000) return `${short(thousands)}k`;
  return `${short(tenthsUp(estimate, 1_000_000))}M`;
}
