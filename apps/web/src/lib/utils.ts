import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names and lets later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/** First two letters of a name (or of an email when there is no name), for avatar fallbacks. */
export function initials(name: string | null | undefined, fallback = "?"): string {
  const letters = (name ?? "").replace(/[^\p{L}\p{N}]/gu, "");
  return letters.slice(0, 2).toUpperCase() || fallback;
}

/** 32000 → "32,000": counts as the app writes them, whatever the browser's language. */
export function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}

/**
 * A date format, made when first used: the first one in a page costs the browser 20–50 ms (it loads
 * the locale's data), which made at a module's top level would hold up every page's start.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat(undefined, options));
}

const dayFormat = dateFormat({ dateStyle: "medium" });
const whenFormat = dateFormat({ dateStyle: "medium", timeStyle: "short" });
const shortWhenFormat = dateFormat({ month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });

/** The day of an instant in the reader's own words: "Nov 27, 2026". */
export const formatDay = (iso: string) => dayFormat().format(new Date(iso));

/** An instant in the reader's own words: "Nov 27, 2026, 10:56 PM". */
export const formatWhen = (iso: string) => whenFormat().format(new Date(iso));

/** An instant in a list, where the year goes without saying: "Nov 27, 10:56 PM". */
export const formatShortWhen = (iso: string) => shortWhenFormat().format(new Date(iso));
