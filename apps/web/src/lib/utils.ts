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
