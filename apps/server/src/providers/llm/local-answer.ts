// Composes Tessera Local's answer from retrieved passages: only their own sentences, each followed by
// a [n] marker for its source, so nothing is said that a passage does not say. Pure and deterministic:
// the same question and passages always give the same bytes.
import { passageAnswer } from "./local-passage-answer";
import { modelQuestionTopic, queryTerms, splitSentences, stemsOf, type Topic } from "./local-text";
import type { Passage } from "./types";

export interface LocalAnswer {
  text: string;
  /** The passages behind the markers, in marker order: `cited[0]` is [1]. */
  cited: Passage[];
}

export const LOCAL_FALLBACK_TEXT =
  "I'm Tessera Local, the built-in offline model. I answer only from this workspace's help articles, " +
  "its model catalogue and your own documents, and I found nothing there about this question.\n\n" +
  "To ask anything else, connect a provider to unlock general-purpose models: set OPENROUTER_API_KEY " +
  "(one key reaches every model in the catalogue), OPENAI_API_KEY or OPENAI_BASE_URL (OpenAI, Ollama, " +
  "vLLM, LM Studio), ANTHROPIC_API_KEY or GOOGLE_GENERATIVE_AI_API_KEY, then restart Tessera.";

export function composeLocalAnswer(query: string, retrieved: readonly Passage[]): LocalAnswer {
  // Highest rank first; ties keep retrieval order (Array.prototype.sort is stable).
  const passages = [...retrieved].sort((a, b) => b.rank - a.rank);
  const topic = modelQuestionTopic(query);
  const catalogue = passages.filter((p) => p.kind === "catalogue");
  return (
    (topic && catalogue.length > 0 ? modelAnswer(topic, catalogue) : null) ??
    passageAnswer(queryTerms(query), passages) ?? { text: LOCAL_FALLBACK_TEXT, cited: [] }
  );
}

/** "For code, pick X [1], or Y [2]." followed by what the catalogue says about each. */
function modelAnswer(topic: Topic, catalogue: Passage[]): LocalAnswer | null {
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
  const alt = second ? `, or **${second.name}** [2]` : "";
  const lines = [`For ${topic.phrase}, pick **${first.name}** [1]${alt}.`, ""];
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
