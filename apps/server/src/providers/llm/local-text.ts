// Plain-text tools for Tessera Local: words to comparable terms, passages to sentences, and the
// kinds of "which model should I use for…" questions it can answer from the catalogue.
import type { LocalText } from "../../i18n/server-text";

const STOPWORDS = new Set(
  (
    "a an the and or but of to for in on at by with from into about as is are was were be been being " +
    "am do does did doing have has had can could should would will shall may might must i me my mine " +
    "we our you your yours it its this that these those there here what which who whom whose how why " +
    "when where if then than so not no yes any some all each just also very too please tell know want " +
    "need get make let use using used good best better one ones thing things way " +
    // The commonest small words of German, French, Spanish and Portuguese questions, so one asked in
    // them is not "answered" by a passage that only shares those; words that are also English (die,
    // war, son, sin, den, mit…) stay out.
    "der das und ist von zu sich des auf für im dem nicht ein eine einen einem einer auch es er dass " +
    "kann wie wir wer wo wann warum welche welcher welches welchen ich sie ihr ihre mein meine dein du " +
    "zum zur bei nach oder noch nur über am besten " +
    "le la les un une du de et est en au aux ce cette ces qui que quoi quel quelle quels quelles comment " +
    "pourquoi où je tu il elle nous vous ils elles mon ma mes ton ta tes sa ses leur dans avec pas ne " +
    "sont être " +
    "el los las unos unas y del al qué cuál cuáles cómo por para mi mis tus yo se lo les como más " +
    "pero muy está están ser hay " +
    "o os um uma do da dos das em na nas é qual quais sem seu sua meu minha você mais mas muito são"
  ).split(" "),
);

/**
 * Light stemming, applied alike to queries and passages, so `images` meets `image`, `deleting` meets
 * `delete` and `logged` meets `logs`. Crude on purpose: both sides get the same crudeness, and it is
 * deterministic.
 */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 4 && /(ch|sh|ss|x)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  const suffix = w.length > 5 && w.endsWith("ing") ? 3 : w.length > 4 && w.endsWith("ed") ? 2 : 0;
  w = w.slice(0, w.length - suffix);
  // A consonant doubled before the ending is single in the plain form (stopped, running, logged),
  // but "added" stays "add".
  if (suffix && w.length > 3 && /([^aeiouylsz])\1$/.test(w)) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith("e")) w = w.slice(0, -1);
  return w;
}

/** Every word of `text` as a stem, stopwords included (they never match a query term anyway). */
export function stemsOf(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map(stem));
}

/** The distinct content terms of a query, in the order they appear. */
export function queryTerms(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => !STOPWORDS.has(w)).map(stem))];
}

const MAX_SENTENCE_CHARS = 300;

/** Sentences of a markdown-ish passage; headings are dropped because they say nothing on their own. */
export function splitSentences(content: string): string[] {
  const out: string[] = [];
  for (const raw of content.split(/\n+/)) {
    if (/^\s*#{1,6}\s/.test(raw)) continue;
    const line = raw.replace(/^\s*(?:[-*+]\s+|\d+[.)]\s+|>\s*)/, "").trim();
    for (const part of line.split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"'(*[`])/u)) {
      const s = part.trim();
      if (s) out.push(clip(s));
    }
  }
  return out;
}

function clip(sentence: string): string {
  if (sentence.length <= MAX_SENTENCE_CHARS) return sentence;
  const cut = sentence.slice(0, MAX_SENTENCE_CHARS);
  const space = cut.lastIndexOf(" ");
  return `${(space > 200 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, "")}…`;
}

export interface Topic {
  /** How the answer names the need ("For code, pick …"), in the reader's language. */
  phrase: LocalText;
  /** Stems that signal the need in a question and match it in catalogue descriptions. */
  stems: string[];
}

const topic = (phrase: LocalText, words: string) => ({ phrase, stems: words.split(" ").map(stem) });

export const MODEL_TOPICS: readonly Topic[] = [
  topic("topicCode", "code coding coder program programming developer debug debugging software script bug"),
  topic("topicVision", "image vision photo picture screenshot diagram see sees visual"),
  topic("topicResearch", "research search sources citations cite web browse"),
  topic("topicLongDocuments", "long document pdf context big book report large"),
  topic("topicWriting", "write writing writer draft drafting editing essay blog post copy prose social"),
  topic("topicSpeed", "fast quick quickly cheap cheaper speed small budget cost inexpensive"),
];

/**
 * A question about choosing a model names one: "which model for code?", "best AI for images?".
 * "Which", "best" or "should" alone ask about anything ("which TypeScript type should I use for a
 * long list?"), and were answered with a model to pick.
 */
const MODEL_QUESTION = /\b(models?|llms?|ai)\b/i;

/** The need behind a "which model for…" question, or null when it is not one. */
export function modelQuestionTopic(query: string): Topic | null {
  if (!MODEL_QUESTION.test(query)) return null;
  const words = (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map(stem);
  let best: { topic: Topic; hits: number; first: number } | null = null;
  for (const t of MODEL_TOPICS) {
    const positions = words.flatMap((w, i) => (t.stems.includes(w) ? [i] : []));
    const first = positions[0];
    if (first === undefined) continue;
    const better =
      !best || positions.length > best.hits || (positions.length === best.hits && first < best.first);
    if (better) best = { topic: t, hits: positions.length, first };
  }
  return best?.topic ?? null;
}
