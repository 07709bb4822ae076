// Related questions after an overview (spec §4 follow_up). A remote search model suggests them; Tessera
// Local, which only quotes, derives them from the sources it found.
import { MAX_FOLLOW_UPS, type LanguageCode, type SearchSource } from "@tessera/contracts";
import { localText } from "../../i18n/server-text";
import { toPrompt } from "../../providers/llm/stream-model";
import type { ResolvedModel } from "../../providers/llm/types";

export function followUpsFromSources(
  query: string,
  sources: SearchSource[],
  language: LanguageCode = "en",
): string[] {
  const asked = query.trim().toLowerCase();
  const titles = [...new Set(sources.map((s) => s.title.replace(/\s+/g, " ").trim()))].filter(
    (t) => t && t.toLowerCase() !== asked,
  );
  // Full-width marks too: a Japanese or Chinese question ends in ？ or 。.
  const question = query.trim().replace(/[\s?.!\uff1f\u3002\uff01]+$/, "");
  return titles
    .slice(0, MAX_FOLLOW_UPS - 1)
    .map((title) => localText(language, "followUp", { question, title }));
}

/** A list marker: -, *, a bullet (\u2022, escaped to keep the server's bundle ASCII) or a number. */
const LIST_MARKER = /^\s*(?:[-*\u2022]|\d+[.)])\s*/;

export function parseQuestions(text: string): string[] {
  return text
    .split("\n")
    .map((l) => l.replace(LIST_MARKER, "").trim())
    .filter((l) => l.length > 3 && l.length <= 200 && l.endsWith("?"))
    .slice(0, MAX_FOLLOW_UPS - 1);
}

export async function suggestFollowUps(
  resolved: Extract<ResolvedModel, { ok: true }>,
  query: string,
  overview: string,
  sources: SearchSource[],
  signal: AbortSignal,
  language: LanguageCode = "en",
): Promise<{ questions: string[]; tokens: number }> {
  if (resolved.provider === "tessera-local")
    return { questions: followUpsFromSources(query, sources, language), tokens: 0 };
  const result = await resolved.model.doGenerate({
    prompt: toPrompt(
      "Suggest three short follow-up questions a curious reader would ask next. One per line, no numbering.",
      [{ role: "user", content: `Question: ${query}\n\nAnswer so far:\n${overview.slice(0, 4000)}` }],
    ),
    abortSignal: AbortSignal.any([signal, AbortSignal.timeout(20_000)]),
  });
  const text = result.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("");
  return { questions: parseQuestions(text), tokens: result.usage.outputTokens.total ?? 0 };
}
