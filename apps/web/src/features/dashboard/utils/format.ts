// How the dashboard writes its figures. "—" stands for a figure that could not be loaded.

export const NO_VALUE = "—";

/** 950, 12.4K, 3.1M: tokens add up quickly. */
export function formatTokens(n: number): string {
  return new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 }).format(n);
}

/** "$0.00" when free, four decimals under a cent so a small price does not read as zero. */
export function formatCost(cost: number): string {
  if (cost === 0) return "$0.00";
  return cost < 0.01 ? `$${cost.toFixed(4)}` : `$${cost.toFixed(2)}`;
}

/** A UTC calendar date (YYYY-MM-DD) as "29 Nov". */
export function formatDay(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
}

/** An instant as "29 Nov", with the year when it is not this year's. */
export function formatDate(iso: string, now = new Date()): string {
  const d = new Date(iso);
  return d.toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    ...(d.getFullYear() === now.getFullYear() ? {} : { year: "numeric" }),
  });
}
