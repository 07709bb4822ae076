// How the voice page writes durations and dates.

/** 2,492 ms → "0:02"; 844,190 ms → "14:04": whole seconds, as the browser's player counts them. */
export function formatDuration(ms: number): string {
  const seconds = ms <= 0 ? 0 : Math.max(1, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
