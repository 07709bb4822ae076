// Spec §9: up to 4 suggestions: up to 3 of the person's recent prompts plus one in their preferred
// image style; with neither, 4 defaults.
export const SMART_SUGGESTIONS_MAX = 4;
export const RECENT_SUGGESTIONS_MAX = 3;

export const DEFAULT_SUGGESTIONS = [
  "Which model should I use for code?",
  "Help me write a friendly follow-up email",
  "Explain how chat attachments work",
  "How do I turn on two-factor?",
] as const;

export function imageStyleSuggestion(style: string): string {
  return `Describe a ${style} style image of a quiet harbour at dawn`;
}

export function smartSuggestions(recentPrompts: readonly string[], imageStyle: string | null): string[] {
  const personal = recentPrompts
    .map((p) => p.trim())
    .filter(Boolean)
    .slice(0, RECENT_SUGGESTIONS_MAX);
  if (imageStyle) personal.push(imageStyleSuggestion(imageStyle));
  return personal.length > 0 ? personal.slice(0, SMART_SUGGESTIONS_MAX) : [...DEFAULT_SUGGESTIONS];
}
