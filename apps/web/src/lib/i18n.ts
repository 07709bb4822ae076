// The one i18next instance of the web app. English `common` (the shell), `auth` (the page everyone
// signed out opens) and `changelog` (the update notices) are in the first script, so those never wait; every other namespace, English too,
// is fetched one file at a time by the page that uses it, and `useTranslation` suspends until its
// texts are in, so no page shows a key. Files live in src/locales/<language>/<namespace>.json (see
// src/locales/README.md).
import i18next, { type BackendModule, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import {
  browserLanguage,
  directionOf,
  initialLanguage,
  LANGUAGES,
  storeLanguage,
  type Language,
} from "./languages";

type Json = { default: ResourceKey };

// `changelog` too: the update notices are on every page, above any page's Suspense boundary; and
// `errors`: the error page must speak when the code or texts it would fetch cannot arrive.
const firstScript = import.meta.glob<Json>("../locales/en/{common,auth,changelog,errors}.json", {
  eager: true,
});
const fetched = import.meta.glob<Json>([
  "../locales/*/*.json",
  "!../locales/en/{common,auth,changelog,errors}.json",
]);

const namespaceOf = (path: string) => path.slice(path.lastIndexOf("/") + 1, -".json".length);
const englishResources = Object.fromEntries(
  Object.entries(firstScript).map(([path, m]) => [namespaceOf(path), m.default]),
);
const FIRST_NAMESPACES = Object.keys(englishResources);
/** Every namespace English has: those in the first script and those fetched. */
export const NAMESPACES = [
  ...FIRST_NAMESPACES,
  ...Object.keys(fetched)
    .filter((path) => path.startsWith("../locales/en/"))
    .map(namespaceOf),
].sort();

const lazyLocales: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, done) {
    const load = fetched[`../locales/${language}/${namespace}.json`];
    // A namespace not yet written in this language falls back to English, key by key.
    if (!load) return done(null, {});
    load().then(
      (m) => done(null, m.default),
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
      resources: { en: englishResources },
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
