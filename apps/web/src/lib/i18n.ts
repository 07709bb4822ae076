// The one i18next instance of the web app. English `common` (the shell), `auth` (the page everyone
// signed out opens), `changelog` (the update notices) and `errors` are in the first script, so those
// never wait. Another language arrives in one file (src/locales/<language>.ts) with those four
// namespaces, once chosen. Every other namespace, English too, is fetched one file at a time by the
// page that uses it, and `useTranslation` suspends until its texts are in, so no page shows a key.
// Files live in src/locales/<language>/<namespace>.json (see src/locales/README.md).
import i18next, { type BackendModule, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import { languageTexts, type Json, type LanguageTexts } from "./language-texts";
import {
  browserLanguage,
  directionOf,
  initialLanguage,
  LANGUAGES,
  storeLanguage,
  type Language,
} from "./languages";

// `changelog` too: the update notices are on every page, above any page's Suspense boundary; and
// `errors`: the error page must speak when the code or texts it would fetch cannot arrive.
const english = languageTexts(
  import.meta.glob<Json>("../locales/en/{common,auth,changelog,errors}.json", { eager: true }),
  import.meta.glob<Json>(["../locales/en/*.json", "!../locales/en/{common,auth,changelog,errors}.json"]),
);
const otherLanguages = import.meta.glob<{ default: LanguageTexts }>([
  "../locales/*.ts",
  "!../locales/*.test.ts",
]);

const FIRST_NAMESPACES = Object.keys(english.first);
/** Every namespace English has: those in the first script and those fetched. */
export const NAMESPACES = [...FIRST_NAMESPACES, ...Object.keys(english.rest)].sort();

const NO_TEXTS: LanguageTexts = { first: {}, rest: {} };
const languages = new Map<string, Promise<LanguageTexts>>([["en", Promise.resolve(english)]]);

/** A language's texts, its file fetched once (none for a language not written). */
function textsOf(language: string): Promise<LanguageTexts> {
  let texts = languages.get(language);
  if (!texts) {
    const load = otherLanguages[`../locales/${language}.ts`];
    texts = load ? load().then((m) => m.default) : Promise.resolve(NO_TEXTS);
    // A failed fetch is tried again the next time a text of the language is asked for.
    texts.catch(() => languages.delete(language));
    languages.set(language, texts);
  }
  return texts;
}

async function readTexts(language: string, namespace: string): Promise<ResourceKey> {
  const texts = await textsOf(language);
  const first = texts.first[namespace];
  if (first) return first;
  // A namespace not yet written in this language falls back to English, key by key.
  const load = texts.rest[namespace];
  return load ? (await load()).default : {};
}

const lazyLocales: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, done) {
    readTexts(language, namespace).then(
      (texts) => done(null, texts),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** `<html lang dir>` follow the language, so screen readers, fonts and the layout's direction do too. */
function applyToDocument(language: string) {
  if (typeof document === "undefined") return;
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

export interface I18nOptions {
  language?: Language;
  /** Tests: called for a key English lacks, so a typo fails the test instead of showing the key. */
  onMissingKey?: (key: string, namespace: string) => void;
}

/** Starts i18next once; resolves when the first language's texts are in. */
export function initI18n(options: I18nOptions = {}): Promise<unknown> {
  if (i18next.isInitialized) return Promise.resolve();
  i18next.on("languageChanged", applyToDocument);
  const { onMissingKey } = options;
  return i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: options.language ?? initialLanguage(),
      fallbackLng: "en",
      supportedLngs: [...LANGUAGES],
      load: "currentOnly",
      // The rest are added as pages ask for them (and fetched again in a newly chosen language).
      ns: FIRST_NAMESPACES,
      defaultNS: "common",
      resources: { en: english.first },
      partialBundledLanguages: true,
      // React escapes what it renders; escaping here too would show "&amp;" to the reader.
      interpolation: { escapeValue: false },
      returnNull: false,
      // A page whose texts are still on their way waits under its Suspense boundary (or, when the router
      // moves to it, the page before it stays) instead of showing keys.
      react: { useSuspense: true },
      initAsync: false,
      ...(onMissingKey
        ? {
            saveMissing: true,
            missingKeyHandler: (_lngs: readonly string[], ns: string, key: string) => onMissingKey(key, ns),
          }
        : {}),
    });
}

/**
 * A route's `lazy` that also fetches the texts its page reads, beside its code rather than after it
 * (the page would otherwise wait for them once rendered).
 */
export function withTexts<T>(namespaces: string[], load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), i18next.loadNamespaces(namespaces)]).then(([loaded]) => loaded);
}

/** Switches the app's language (fetching its texts first, so no screen shows half of each). */
export function changeLanguage(language: Language): Promise<unknown> {
  return i18next.changeLanguage(language);
}

/**
 * Follows the language stored on the account (null: the browser's), and remembers it in this
 * browser so the next visit starts in it before the account is read.
 */
export function applyAccountLanguage(language: Language | null): Promise<unknown> {
  storeLanguage(language);
  const wanted = language ?? browserLanguage();
  return i18next.language === wanted ? Promise.resolve() : changeLanguage(wanted);
}

export { i18next };
