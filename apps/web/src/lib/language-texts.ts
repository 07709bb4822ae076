import type { ResourceKey } from "i18next";

export type Json = { default: ResourceKey };

/**
 * A language's texts: the namespaces every first page reads (`common`, `auth`, `changelog`,
 * `errors`), in hand, and a loader for each other one, by namespace.
 */
export interface LanguageTexts {
  first: Record<string, ResourceKey>;
  rest: Record<string, () => Promise<Json>>;
}

const namespaceOf = (path: string) => path.slice(path.lastIndexOf("/") + 1, -".json".length);

/** A language's texts from its two globs of src/locales/<language>/*.json. */
export function languageTexts(
  first: Record<string, Json>,
  rest: Record<string, () => Promise<Json>>,
): LanguageTexts {
  return {
    first: Object.fromEntries(Object.entries(first).map(([path, m]) => [namespaceOf(path), m.default])),
    rest: Object.fromEntries(Object.entries(rest).map(([path, load]) => [namespaceOf(path), load])),
  };
}
