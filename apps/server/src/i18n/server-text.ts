// The server's own words in the person's language: error messages and mail. Texts live beside this
// file, one JSON per language (en.json is the source); the web app's are in apps/web/src/locales.
import { LANGUAGE_CODES, type LanguageCode } from "@tessera/contracts";
import ar from "./ar.json";
import de from "./de.json";
import en from "./en.json";
import es from "./es.json";
import fr from "./fr.json";
import ja from "./ja.json";
import ptBR from "./pt-BR.json";
import zhCN from "./zh-CN.json";

type Catalog = typeof en;
export type MailText = keyof Catalog["mail"];

const CATALOGS: Record<LanguageCode, Catalog> = {
  en,
  de,
  fr,
  es,
  "pt-BR": ptBR,
  "zh-CN": zhCN,
  ja,
  ar,
};

/** English message → its key, so an error thrown in English anywhere is found by its words. */
const ERROR_KEYS = new Map(
  Object.entries(en.errors).map(([key, text]) => [text, key as keyof Catalog["errors"]]),
);

const isLanguage = (value: unknown): value is LanguageCode =>
  typeof value === "string" && (LANGUAGE_CODES as readonly string[]).includes(value);

/** The closest language we speak to a BCP 47 tag ("de-CH" → de, "pt" → pt-BR), or null. */
export function matchLanguage(tag: string): LanguageCode | null {
  const lower = tag.trim().toLowerCase();
  const exact = LANGUAGE_CODES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const base = lower.split("-")[0];
  if (base === "zh") return /hant|-tw|-hk|-mo/.test(lower) ? null : "zh-CN";
  return LANGUAGE_CODES.find((l) => l.toLowerCase().split("-")[0] === base) ?? null;
}

/** The best language of an Accept-Language header, by its q-values; English when none fits. */
export function languageFromHeader(header: string | null | undefined): LanguageCode {
  if (!header) return "en";
  const ranked = header
    .split(",")
    .map((part, i) => {
      const [tag = "", ...params] = part.split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((r) => r.tag && r.tag !== "*" && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return "en";
}

/** The person's stored choice wins; else what their browser asks for. */
export function pickLanguage(stored: unknown, acceptLanguage: string | null | undefined): LanguageCode {
  return isLanguage(stored) ? stored : languageFromHeader(acceptLanguage);
}

/** An error message in `language` when it is one of the catalogue's; any other stays as written. */
export function translateError(message: string, language: LanguageCode): string {
  const key = ERROR_KEYS.get(message);
  return key ? CATALOGS[language].errors[key] : message;
}

/** A mail text in `language`, its {{placeholders}} filled. */
export function mailText(language: LanguageCode, key: MailText, values: Record<string, string> = {}): string {
  return CATALOGS[language].mail[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}
