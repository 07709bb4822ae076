// How a card shows its timings, speed and cost. A value the provider did not report is "—".
import { formatCount as count } from "@/lib/utils";

export const NO_VALUE = "—";

export function formatDuration(ms: number | null): string {
  if (ms === null) return NO_VALUE;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

export function formatTokensPerSecond(value: number | null): string {
  return value === null ? NO_VALUE : `${value.toFixed(1)}/s`;
}

/** US dollars to four places ("$0.0000" for a free model), or "—" when unknown. */
export function formatCost(cost: number | null): string {
  return cost === null ? NO_VALUE : `$${cost.toFixed(4)}`;
}

export function formatCount(value: number | null): string {
  return value === null ? NO_VALUE : count(value);
}

export function formatRating(value: number): string {
  return value.toFixed(1);
}
