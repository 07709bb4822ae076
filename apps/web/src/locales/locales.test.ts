// Every language holds every text English has, with the same {{placeholders}}, and each counted
// text in every plural form the language's rules know (Arabic has six, Japanese one).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES } from "@tessera/contracts";
import type { LanguageTexts } from "@/lib/language-texts";
import { LANGUAGES } from "@/lib/languages";

const DIR = import.meta.dirname;
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };
const read = (language: string, namespace: string): Tree =>
  JSON.parse(readFileSync(join(DIR, language, `${namespace}.json`), "utf8")) as Tree;

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

/** Texts by key with plural forms folded into their base key. */
function texts(language: string, namespace: string) {
  const byBase = new Map<string, { forms: Set<string>; texts: string[] }>();
  for (const [key, text] of flatten(read(language, namespace))) {
    const form = PLURAL.exec(key)?.[1];
    const base = form ? key.replace(PLURAL, "") : key;
    const entry = byBase.get(base) ?? { forms: new Set<string>(), texts: [] };
    if (form) entry.forms.add(form);
    entry.texts.push(text);
    byBase.set(base, entry);
  }
  return byBase;
}

const namespaces = readdirSync(join(DIR, "en"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.slice(0, -".json".length));

it("speaks the languages an account can store", () => {
  expect([...LANGUAGES]).toEqual([...LANGUAGE_CODES]);
});

it("has every namespace in every language", () => {
  for (const language of LANGUAGES)
    for (const namespace of namespaces)
      expect(() => read(language, namespace), `${language}/${namespace}`).not.toThrow();
});

it("gives every language but English its file, with the namespaces English has in the first script", async () => {
  for (const language of LANGUAGES.filter((l) => l !== "en")) {
    const { default: texts } = (await import(`./${language}.ts`)) as { default: LanguageTexts };
    expect(Object.keys(texts.first).sort(), language).toEqual(["auth", "changelog", "common", "errors"]);
    expect(Object.keys(texts.first).length + Object.keys(texts.rest).length, language).toBe(
      namespaces.length,
    );
  }
});

describe.each(LANGUAGES.filter((l) => l !== "en"))("%s", (language) => {
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  it.each(namespaces)("has every text of %s", (namespace) => {
    const english = texts("en", namespace);
    const own = texts(language, namespace);
    const problems: string[] = [];
    for (const [key, en] of english) {
      const mine = own.get(key);
      if (!mine) {
        problems.push(`missing ${key}`);
        continue;
      }
      const wanted = new Set(en.texts.flatMap(placeholders));
      for (const text of mine.texts)
        for (const name of placeholders(text))
          if (!wanted.has(name)) problems.push(`${key}: {{${name}}} is not in English`);
      if (en.forms.size > 0)
        for (const form of forms)
          if (form !== "zero" && !mine.forms.has(form)) problems.push(`${key}: no _${form} form`);
    }
    for (const key of own.keys()) if (!english.has(key)) problems.push(`extra ${key} (not in English)`);
    expect(problems).toEqual([]);
  });
});
