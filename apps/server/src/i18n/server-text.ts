// The server's own words in the person's language: error messages, mail and Tessera Local's framing. Texts live beside this
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
export type LocalText = keyof Catalog["local"];

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

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
/** Placeholders that only ever hold a number: they match digits alone, so no other text passes for them. */
const NUMERIC = new Set([
  "count",
  "seconds",
  "minutes",
  "size",
  "limit",
  "length",
  "status",
  "width",
  "height",
  "side",
  "megapixels",
  "allowance",
  "nextAllowance",
]);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Messages with values in them ("{{email}} is already invited."), as patterns that find the values in
 * the English text. The most specific first: the one with the most fixed words wins a tie.
 */
const ERROR_PATTERNS = Object.entries(en.errors)
  .filter(([, text]) => text.includes("{{"))
  .map(([key, text]) => ({
    key: key as keyof Catalog["errors"],
    names: [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!),
    regex: new RegExp(
      `^${text
        .split(PLACEHOLDER)
        .map((part, i) =>
          i % 2 === 0 ? escapeRegExp(part) : NUMERIC.has(part) ? "([\\d.,]+)" : "([\\s\\S]+?)",
        )
        .join("")}$`,
    ),
    fixed: text.replace(PLACEHOLDER, "").length,
  }))
  .sort((a, b) => b.fixed - a.fixed);

const EN_NUMBER = /^\d{1,3}(,\d{3})+(\.\d+)?$|^\d+(\.\d+)?$/;
const EN_DOLLARS = /^\$(\d{1,3}(,\d{3})*(\.\d+)?)$/;

/** A value taken from an English message, as the language writes it: numbers, money, dates, messages. */
function localValue(name: string, value: string, language: LanguageCode, depth: number): string {
  if (EN_NUMBER.test(value)) return new Intl.NumberFormat(language).format(Number(value.replaceAll(",", "")));
  const dollars = EN_DOLLARS.exec(value);
  if (dollars)
    return new Intl.NumberFormat(language, { style: "currency", currency: "USD" }).format(
      Number(dollars[1]!.replaceAll(",", "")),
    );
  if (name === "date" && !Number.isNaN(Date.parse(`${value} UTC`)))
    return new Date(`${value} UTC`).toLocaleDateString(language, { timeZone: "UTC", dateStyle: "long" });
  return depth < 2 ? (translateMessage(value, language, depth + 1) ?? value) : value;
}

function translateMessage(message: string, language: LanguageCode, depth = 0): string | null {
  const key = ERROR_KEYS.get(message);
  if (key) return CATALOGS[language].errors[key];
  for (const pattern of ERROR_PATTERNS) {
    const found = pattern.regex.exec(message);
    if (!found) continue;
    const values = new Map(pattern.names.map((name, i) => [name, found[i + 1]!]));
    return CATALOGS[language].errors[pattern.key].replace(PLACEHOLDER, (_, name: string) =>
      localValue(name, values.get(name) ?? "", language, depth),
    );
  }
  return null;
}

/** A 400's "field: problem; field: problem" (lib/validate.ts), each problem in `language`. */
function translateIssues(message: string, language: LanguageCode): string | null {
  let changed = false;
  const parts = message.split("; ").map((part) => {
    const whole = translateMessage(part, language);
    if (whole !== null) return ((changed = true), whole);
    // A model id may hold a colon of its own ("server/llama3.2:1b: …"): the field ends at the first ": ".
    const [, field, problem] = /^([^\s;]+?): ([\s\S]+)$/.exec(part) ?? [];
    const translated = problem ? translateMessage(problem, language) : null;
    if (translated === null) return part;
    changed = true;
    return `${field}: ${translated}`;
  });
  return changed ? parts.join("; ") : null;
}

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

/**
 * An error message in `language` when the catalogue knows it, its values (numbers, money, dates)
 * written the language's way; a 400's list of field problems part by part; any other as written.
 */
export function translateError(message: string, language: LanguageCode): string {
  if (language === "en") return message;
  return translateMessage(message, language) ?? translateIssues(message, language) ?? message;
}

/** A mail text in `language`, its {{placeholders}} filled. */
export function mailText(language: LanguageCode, key: MailText, values: Record<string, string> = {}): string {
  return CATALOGS[language].mail[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}

/** Tessera Local's own words in `language` (never the passages it quotes), its {{placeholders}} filled. */
export function localText(
  language: LanguageCode,
  key: LocalText,
  values: Record<string, string> = {},
): string {
  return CATALOGS[language].local[key].replace(PLACEHOLDER, (_, name: string) => values[name] ?? "");
}

/** "a, b and c" the language's way; English keeps its own list without the serial comma. */
export function joinList(language: LanguageCode, items: readonly string[]): string {
  if (language !== "en") return new Intl.ListFormat(language, { type: "conjunction" }).format(items);
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
