import { clsx, type ClassValue } from "clsx";
import i18next from "i18next";

/**
 * Resolves conflicting Tailwind utilities (the later one wins): tailwind-merge, given by the styles of
 * the pages past sign-in (app/app-styles.ts). The pages open to visitors pass no conflicting classes
 * (signed-out-classes.test.tsx), so they do without it until then.
 */
let mergeClasses: (classes: string) => string = (classes) => classes;

export function setClassMerger(merge: (classes: string) => string) {
  mergeClasses = merge;
}

/** Joins class names; later Tailwind utilities override earlier ones (see `setClassMerger`). */
export function cn(...inputs: ClassValue[]) {
  return mergeClasses(clsx(inputs));
}

/**
 * A component's `defaults` unless the caller's `className` has a class of its own starting with
 * `prefix` (unmodified, as "size-6" for "size-"): an override that needs no merging.
 */
export function unlessGiven(className: string | undefined, prefix: string, defaults: string): string | null {
  return className?.split(/\s+/).some((c) => c.startsWith(prefix)) ? null : defaults;
}

/** First two letters of a name (or of an email when there is no name), for avatar fallbacks. */
export function initials(name: string | null | undefined, fallback = "?"): string {
  const letters = (name ?? "").replace(/[^\p{L}\p{N}]/gu, "");
  return letters.slice(0, 2).toUpperCase() || fallback;
}

/** The app's language, which numbers and dates follow ("en" before i18next starts). */
export const activeLocale = (): string => i18next.resolvedLanguage ?? i18next.language ?? "en";

/** 32000 → "32,000" in English, "32.000" in German: counts in the app's language. */
export function formatCount(n: number): string {
  return n.toLocaleString(activeLocale());
}

/**
 * An amount of money in the app's language: 12.5, "USD" → "$12.50", or "12,50 $" in French;
 * `options` for the rest (no fraction digits: a price in whole dollars, "$19").
 */
export function formatCurrency(
  amount: number,
  currency = "USD",
  options: Omit<Intl.NumberFormatOptions, "style" | "currency"> = {},
): string {
  return new Intl.NumberFormat(activeLocale(), { ...options, style: "currency", currency }).format(amount);
}

/**
 * A date format, made when first used: the first one in a page costs the browser 20–50 ms (it loads
 * the locale's data), which made at a module's top level would hold up every page's start.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  const made = new Map<string, Intl.DateTimeFormat>();
  return () => {
    const locale = activeLocale();
    let format = made.get(locale);
    if (!format) made.set(locale, (format = new Intl.DateTimeFormat(locale, options)));
    return format;
  };
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
