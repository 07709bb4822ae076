// How the dashboard writes its figures. "—" stands for a figure that could not be loaded.
import { activeLocale, dateFormat, formatCurrency } from "@/lib/utils";

export const NO_VALUE = "—";

/** 950, 12.4K, 3.1M: tokens add up quickly. */
export function formatTokens(n: number): string {
  return new Intl.NumberFormat(activeLocale(), { notation: "compact", maximumFractionDigits: 1 }).format(n);
}

/** "$0.00" when free, four decimals under a cent so a small price does not read as zero. */
export function formatCost(cost: number): string {
  const digits = cost > 0 && cost < 0.01 ? 4 : 2;
  return formatCurrency(cost, "USD", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

// Dates read as elsewhere in the app (lib/utils): in the reader's locale, "Nov 29" in English.
const chartDayFormat = dateFormat({ day: "numeric", month: "short", timeZone: "UTC" });
const monthDayFormat = dateFormat({ day: "numeric", month: "short" });
const datedYearFormat = dateFormat({ day: "numeric", month: "short", year: "numeric" });

/** A UTC calendar date (YYYY-MM-DD), the activity chart's day, as "Nov 29". */
export function formatChartDay(date: string): string {
  return chartDayFormat().format(new Date(`${date}T00:00:00Z`));
}

/** An instant as "Nov 29", with the year when it is not this year's ("Nov 29, 2025"). */
export function formatDate(iso: string, now = new Date()): string {
  const d = new Date(iso);
  return (d.getFullYear() === now.getFullYear() ? monthDayFormat : datedYearFormat)().format(d);
}
