// Spec §2: a message's time label is the time when under 24 h old, the weekday when under 168 h,
// and the month and day otherwise. The list of conversations uses a short relative time.
import i18next from "i18next";
import { activeLocale } from "@/lib/utils";

const HOUR_MS = 3_600_000;

export function formatTimeLabel(date: Date, now: Date = new Date(), locale = activeLocale()): string {
  const age = now.getTime() - date.getTime();
  if (age < 24 * HOUR_MS) return date.toLocaleTimeString(locale, { hour: "numeric", minute: "2-digit" });
  if (age < 168 * HOUR_MS) return date.toLocaleDateString(locale, { weekday: "short" });
  return date.toLocaleDateString(locale, { month: "short", day: "numeric" });
}

/** "just now", "5m ago", "3h ago", "2d ago", then the date. */
export function formatRelativeTime(date: Date, now: Date = new Date(), locale = activeLocale()): string {
  const ago = (key: string, count: number) => i18next.t(`relativeTime.${key}`, { ns: "chat", count });
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 1) return i18next.t("relativeTime.justNow", { ns: "chat" });
  if (minutes < 60) return ago("minutes", minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return ago("hours", hours);
  const days = Math.floor(hours / 24);
  if (days < 7) return ago("days", days);
  return date.toLocaleDateString(locale, { month: "short", day: "numeric" });
}
