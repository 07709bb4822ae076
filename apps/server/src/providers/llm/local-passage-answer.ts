// Tessera Local's answer to a "how do I…" question: the sentences of the retrieved passages that best
// match it, in reading order, each followed by the [n] marker of its passage.
import { ATTACHED_SOURCE_PREFIX, type LanguageCode } from "@tessera/contracts";
import { joinList, localText, type LocalText } from "../../i18n/server-text";
import { splitSentences, stemsOf } from "./local-text";
import type { LocalAnswer } from "./local-answer";
import type { Passage } from "./types";

interface Sentence {
  passage: number;
  index: number;
  text: string;
  stems: Set<string>;
}

const MAX_SENTENCES = 6;
const MIN_SENTENCES = 3;
/** Passages and sentences far below the best match are left out: they share only common words. */
const PASSAGE_CUTOFF = 0.75;
const SENTENCE_CUTOFF = 0.5;

export function passageAnswer(
  terms: string[],
  passages: Passage[],
  language: LanguageCode = "en",
): LocalAnswer | null {
  const all: Sentence[] = passages.flatMap((p, passage) =>
    splitSentences(p.content).map((text, index) => ({ passage, index, text, stems: stemsOf(text) })),
  );
  if (terms.length === 0 || all.length === 0) return null;
  // Rarer terms weigh more, so a question's subject outranks words that are everywhere.
  const weight = new Map(
    terms.map((t) => [t, 1 + Math.log(all.length / Math.max(1, all.filter((s) => s.stems.has(t)).length))]),
  );
  const score = (stems: Set<string>) =>
    terms.reduce((sum, t) => sum + (stems.has(t) ? (weight.get(t) ?? 0) : 0), 0);

  // A passage is about the question when it shares one term of a short question, two of a longer one,
  // and scores close to the best passage.
  const needed = Math.min(2, Math.ceil(terms.length / 2));
  const passageStems = passages.map((p) => stemsOf(`${p.title} ${p.content}`));
  const passageScores = passageStems.map((stems) =>
    terms.filter((t) => stems.has(t)).length >= needed ? score(stems) : 0,
  );
  const bestPassage = Math.max(...passageScores);
  if (bestPassage <= 0) return null;
  const candidates = all.filter((s) => (passageScores[s.passage] ?? 0) >= bestPassage * PASSAGE_CUTOFF);

  const scored = candidates.map((s) => ({ s, score: score(s.stems) }));
  const bestSentence = Math.max(0, ...scored.map((x) => x.score));
  const chosen = scored
    .filter((x) => x.score > 0 && x.score >= bestSentence * SENTENCE_CUTOFF)
    .sort((a, b) => b.score - a.score || a.s.passage - b.s.passage || a.s.index - b.s.index)
    .slice(0, MAX_SENTENCES)
    .map((x) => x.s);
  chosen.push(...neighbours(chosen, candidates, MIN_SENTENCES - chosen.length));
  chosen.sort((a, b) => a.passage - b.passage || a.index - b.index);
  return render(chosen, passages, language);
}

/** Up to `count` more sentences from the chosen passages, those right after a match first (they
 * usually carry the how-to); with nothing chosen, the opening of the best passage. */
function neighbours(chosen: Sentence[], candidates: Sentence[], count: number): Sentence[] {
  if (count <= 0) return [];
  const distance = (s: Sentence) => {
    if (chosen.length === 0) return s.passage * 1000 + s.index;
    const same = chosen.filter((c) => c.passage === s.passage);
    return Math.min(
      Infinity,
      ...same.map((c) => (s.index > c.index ? s.index - c.index : 100 + c.index - s.index)),
    );
  };
  return candidates
    .filter((s) => !chosen.includes(s))
    .map((s) => ({ s, d: distance(s) }))
    .filter((x) => x.d !== Infinity)
    .sort((a, b) => a.d - b.d || a.s.passage - b.s.passage || a.s.index - b.s.index)
    .slice(0, count)
    .map((x) => x.s);
}

/** One paragraph per passage; the first opens with where the answer comes from. */
function render(chosen: Sentence[], passages: Passage[], language: LanguageCode): LocalAnswer | null {
  const cited: Passage[] = [];
  const paragraphs: string[][] = [];
  for (const s of chosen) {
    const passage = passages[s.passage];
    if (!passage) continue;
    if (!cited.includes(passage)) {
      cited.push(passage);
      paragraphs.push([]);
    }
    paragraphs.at(-1)?.push(`${s.text} [${cited.length}]`);
  }
  if (cited.length === 0) return null;
  const text = paragraphs.map((p) => p.join(" ")).join("\n\n");
  return { text: fromSources(language, cited, text), cited };
}

const KIND_LABEL: Record<Passage["kind"], LocalText> = {
  help: "sourceHelp",
  catalogue: "sourceCatalogue",
  document: "sourceDocument",
  web: "sourceWeb",
};

/** An attached file is named as itself ("From notes.txt: …"); anything else by where it comes from. */
const labelOf = (p: Passage, language: LanguageCode) =>
  p.url.startsWith(ATTACHED_SOURCE_PREFIX)
    ? localText(language, "file", { name: p.title })
    : localText(language, KIND_LABEL[p.kind]);

/** `text` led by where it comes from: "From the Tessera help and your documents: …". */
export function fromSources(language: LanguageCode, cited: Passage[], text: string): string {
  const labels = [...new Set(cited.map((p) => labelOf(p, language)))];
  return localText(language, "from", { source: joinList(language, labels), text });
}

/** A paragraph this close in meaning to the question (cosine, Universal Sentence Encoder lite) is about
 * it, though it shares no word with it; unrelated questions score below 0.3 on this model. */
export const MEANING_FLOOR = 0.4;

/**
 * A question asked in other words than the document (a paraphrase shares too few words for
 * `passageAnswer`): the opening of the document chunk closest to it in meaning, when one is close
 * enough; its citation opens the document at that chunk.
 */
export function meaningAnswer(passages: Passage[], language: LanguageCode = "en"): LocalAnswer | null {
  const best = passages
    .filter((p) => p.kind === "document" && (p.similarity ?? 0) >= MEANING_FLOOR)
    .sort((a, b) => (b.similarity ?? 0) - (a.similarity ?? 0))[0];
  if (!best) return null;
  // Markdown headings name the chunk; they are not its sentences.
  const sentences = splitSentences(best.content.replace(/^#{1,6}\s.*$/gm, "")).slice(0, MIN_SENTENCES);
  if (!sentences.length) return null;
  return { text: fromSources(language, [best], sentences.map((s) => `${s} [1]`).join(" ")), cited: [best] };
}
