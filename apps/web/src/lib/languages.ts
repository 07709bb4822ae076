// The languages Tessera speaks, and how one is picked: the person's choice (Account, stored on the
// account and mirrored here so the next visit starts in it), else the browser's.

export const LANGUAGES = ["en", "de", "fr", "es", "pt-BR", "zh-CN", "ja", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language in its own words, as the Account select lists them. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  "pt-BR": "Português (Brasil)",
  "zh-CN": "简体中文",
  ja: "日本語",
  ar: "العربية",
};

const STORAGE_KEY = "language";

export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);

/** The closest language we speak to a BCP 47 tag ("de-AT" → de, "pt" → pt-BR, "zh-Hans-CN" → zh-CN). */
export function matchLanguage(tag: string): Language | null {
  const lower = tag.toLowerCase();
  const exact = LANGUAGES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const base = lower.split("-")[0];
  // Traditional Chinese readers are better served by English than by the simplified script.
  if (base === "zh") return /hant|-tw|-hk|-mo/.test(lower) ? null : "zh-CN";
  return LANGUAGES.find((l) => l.toLowerCase().split("-")[0] === base) ?? null;
}

/** The first of the browser's languages we speak, else English. */
export function browserLanguage(): Language {
  const tags = typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of tags) {
    const match = tag ? matchLanguage(tag) : null;
    if (match) return match;
  }
  return "en";
}

export function readStoredLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** Remembers the person's choice in this browser; null forgets it (back to the browser's). */
export function storeLanguage(language: Language | null): void {
  try {
    if (language) localStorage.setItem(STORAGE_KEY, language);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage disabled: the choice still comes from the account on the next visit.
  }
}

/** The language a page starts in, before the account is read. */
export const initialLanguage = (): Language => readStoredLanguage() ?? browserLanguage();

/** The writing direction of a language: Arabic reads right to left. */
export const directionOf = (language: string): "rtl" | "ltr" => (language === "ar" ? "rtl" : "ltr");
