// Composes Tessera Local's answer from retrieved passages: only their own sentences, each followed by
// a [n] marker for its source, so nothing is said that a passage does not say. Pure and deterministic:
// the same question, passages and language always give the same bytes. Its own framing ("From your
// documents:") is in the reader's language; the sentences it quotes stay as their sources wrote them.
import {
  ATTACHED_SOURCE_PREFIX,
  LOCAL_MODEL_ID,
  type LanguageCode,
  type TextAttachment,
} from "@tessera/contracts";
import { localText } from "../../i18n/server-text";
import { fromSources, meaningAnswer, passageAnswer } from "./local-passage-answer";
import { modelQuestionTopic, queryTerms, splitSentences, stemsOf, type Topic } from "./local-text";
import type { Passage } from "./types";

export interface LocalAnswer {
  text: string;
  /** The passages behind the markers, in marker order: `cited[0]` is [1]. */
  cited: Passage[];
}

/** Who is answering, and to whom: what the one-line answer to a question it has nothing for says. */
export interface LocalVoice {
  /** The name the person chose to talk to: Tessa, Tessera Local, or an assistant's name. */
  speaker: string;
  /** The person runs this instance, so may be told where to connect a model. */
  admin: boolean;
}

export const LOCAL_MODEL_NAME = "Tessera Local";
/** Where an instance admin connects providers (Admin → Connections). */
export const CONNECTIONS_PATH = "/dashboard/admin/connections";
const DEFAULT_VOICE: LocalVoice = { speaker: LOCAL_MODEL_NAME, admin: false };

/**
 * One short line for a question it has nothing for: what it can do, and for an admin only how to
 * connect a model (a member never reads a setting's name, nor is sent to a page they cannot open).
 */
export function localFallbackText(voice: LocalVoice = DEFAULT_VOICE, language: LanguageCode = "en"): string {
  const line = localText(language, "fallback", { speaker: voice.speaker });
  return voice.admin ? `${line} ${localText(language, "connect", { path: CONNECTIONS_PATH })}` : line;
}

export function composeLocalAnswer(
  query: string,
  retrieved: readonly Passage[],
  opts: {
    files?: readonly TextAttachment[];
    voice?: LocalVoice;
    /** The reader's language, for the answer's own words; English when unset. */
    language?: LanguageCode;
  } = {},
): LocalAnswer {
  const language = opts.language ?? "en";
  // A file sent with the question is what the question is about: it is the first source.
  const fromFiles = opts.files?.length ? fileAnswer(query, opts.files, language) : null;
  if (fromFiles) return fromFiles;
  // Highest rank first; ties keep retrieval order (Array.prototype.sort is stable).
  const passages = [...retrieved].sort((a, b) => b.rank - a.rank);
  const topic = modelQuestionTopic(query);
  const catalogue = passages.filter((p) => p.kind === "catalogue");
  return (
    (topic && catalogue.length > 0 ? modelAnswer(topic, catalogue, language) : null) ??
    passageAnswer(queryTerms(query), passages, language) ??
    meaningAnswer(passages, language) ?? { text: localFallbackText(opts.voice, language), cited: [] }
  );
}

/** Attached files as passages: cited by name, with no page to open (ATTACHED_SOURCE_PREFIX). */
export function attachmentPassages(files: readonly TextAttachment[]): Passage[] {
  return files.map((file, i) => ({
    id: `${LOCAL_MODEL_ID}:attached:${i}`,
    kind: "document",
    title: file.name,
    url: `${ATTACHED_SOURCE_PREFIX}${file.name}`,
    content: file.text,
    rank: 1,
  }));
}

const OPENING_SENTENCES = 3;

/**
 * The sentences of the files that answer the question; for a question that names nothing in them
 * ("what is this?", "summarise it"), the opening of the first file that has any text.
 */
function fileAnswer(
  query: string,
  files: readonly TextAttachment[],
  language: LanguageCode,
): LocalAnswer | null {
  const passages = attachmentPassages(files);
  const matched = passageAnswer(queryTerms(query), passages, language);
  if (matched) return matched;
  for (const passage of passages) {
    const opening = splitSentences(passage.content).slice(0, OPENING_SENTENCES);
    if (opening.length === 0) continue;
    const text = fromSources(language, [passage], opening.map((s) => `${s} [1]`).join(" "));
    return { text, cited: [passage] };
  }
  return null;
}

/** "For code, pick X [1], or Y [2]." followed by what the catalogue says about each. */
function modelAnswer(topic: Topic, catalogue: Passage[], language: LanguageCode): LocalAnswer | null {
  const matches = (text: string) => topic.stems.filter((s) => stemsOf(text).has(s)).length;
  // "Qwen 3 Coder is a model…" says nothing about code: a model's own name never counts as a match.
  const says = (sentence: string, name: string) => matches(sentence.split(name).join(" "));
  const seen = new Set<string>();
  const picks = catalogue
    .map((p, order) => ({ p, order, name: modelName(p.title), hits: matches(`${p.title} ${p.content}`) }))
    .filter((x) => x.hits > 0)
    .sort((a, b) => b.hits - a.hits || a.order - b.order)
    // A model listed in two groups is one recommendation.
    .filter((x) => !seen.has(x.name) && Boolean(seen.add(x.name)))
    .slice(0, 3);
  const [first, second] = picks;
  if (!first) return null;
  const need = localText(language, topic.phrase);
  const pick = second
    ? localText(language, "pickOr", { topic: need, first: first.name, second: second.name })
    : localText(language, "pick", { topic: need, first: first.name });
  const lines = [pick, ""];
  picks.forEach(({ p, name }, i) => {
    const sentences = splitSentences(p.content);
    const relevant = sentences.filter((s) => says(s, name) > 0).slice(0, 2);
    const said = (relevant.length > 0 ? relevant : sentences.slice(0, 1))
      .map((s) => `${s} [${i + 1}]`)
      .join(" ");
    lines.push(said.startsWith(name) ? `- ${said}` : `- **${name}**: ${said}`);
  });
  return { text: lines.join("\n"), cited: picks.map((x) => x.p) };
}

/** Catalogue passages are titled "Qwen 3 Coder (Industry Leaders)"; the answer names the model. */
const modelName = (title: string) => title.replace(/\s*\([^)]*\)\s*$/, "") || title;
