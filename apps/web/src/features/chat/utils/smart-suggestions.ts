// Spec §9: up to 4 suggestions: up to 3 of the person's recent prompts plus one in their preferred
// image style; with neither, 4 defaults.
import i18next from "i18next";

export const SMART_SUGGESTIONS_MAX = 4;
export const RECENT_SUGGESTIONS_MAX = 3;

const DEFAULT_SUGGESTION_KEYS = ["code", "email", "attachments", "twoFactor"] as const;

/** The four suggestions for someone with no history, in the app's language. */
export function defaultSuggestions(): string[] {
  return DEFAULT_SUGGESTION_KEYS.map((key) => i18next.t(`suggestions.defaults.${key}`, { ns: "chat" }));
}

export function imageStyleSuggestion(style: string): string {
  return i18next.t("suggestions.imageStyle", { ns: "chat", style });
}

export function smartSuggestions(recentPrompts: readonly string[], imageStyle: string | null): string[] {
  const personal = recentPrompts
    .map((p) => p.trim())
    .filter(Boolean)
    .slice(0, RECENT_SUGGESTIONS_MAX);
  if (imageStyle) personal.push(imageStyleSuggestion(imageStyle));
  return personal.length > 0 ? personal.slice(0, SMART_SUGGESTIONS_MAX) : defaultSuggestions();
}
