// How the admin console writes its figures: tokens compact, cost in dollars, days and moments in the
// reader's own words, all in the app's language.
import { activeLocale, dateFormat, formatCurrency } from "@/lib/utils";

/** 950, 12.4K, 3.1M (12,4 k in French, 1.2万 in Japanese): tokens add up quickly. */
export function formatTokens(n: number): string {
  return new Intl.NumberFormat(activeLocale(), { notation: "compact", maximumFractionDigits: 1 }).format(n);
}

/** "$0.00" when nothing, four decimals under a cent so a small cost does not read as zero. */
export function formatCost(cost: number): string {
  if (cost === 0 || cost >= 0.01) return formatCurrency(cost);
  return new Intl.NumberFormat(activeLocale(), {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: 4,
    maximumFractionDigits: 4,
  }).format(cost);
}

const utcDayFormat = dateFormat({ day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** A UTC calendar day (YYYY-MM-DD) as "Nov 29, 2026". */
export const formatUtcDay = (date: string) => utcDayFormat().format(new Date(`${date}T00:00:00Z`));

/** A UTC day `days` before today (0: today), as YYYY-MM-DD. */
export const utcDayAgo = (days: number, now = new Date()) =>
  new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
