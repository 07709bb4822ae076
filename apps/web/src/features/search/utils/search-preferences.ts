// The search pages' choices, remembered in this browser: the engine page's options, and the simple
// page's model and where it searches. What was stored is read through the API's own schemas, so an
// older shape or a hand edit gives the defaults instead of a request the server would refuse.
import { aiSearchRequestSchema, jigsawSearchRequestSchema } from "@tessera/contracts";
import type { z } from "zod";
import { readJsonPreference, saveJsonPreference } from "@/lib/local-preferences";
import type { SearchOptions } from "../hooks/use-search-thread";

export const SEARCH_OPTIONS_KEY = "tessera.search.options";
export const AI_SEARCH_CHOICE_KEY = "tessera.ai-search.choice";

const optionsSchema = jigsawSearchRequestSchema.shape.options;
const choiceSchema = aiSearchRequestSchema.pick({ model: true, searchType: true });

/** The simple page's choice; without `model`, the server's own. */
export type AiSearchChoice = z.output<typeof choiceSchema>;

export function readSearchOptions(): Required<SearchOptions> {
  const stored = optionsSchema.safeParse(readJsonPreference(SEARCH_OPTIONS_KEY));
  return stored.success ? stored.data : optionsSchema.parse(undefined);
}

export const saveSearchOptions = (options: Required<SearchOptions>) =>
  saveJsonPreference(SEARCH_OPTIONS_KEY, options);

export function readAiSearchChoice(): AiSearchChoice {
  const stored = choiceSchema.safeParse(readJsonPreference(AI_SEARCH_CHOICE_KEY) ?? {});
  return stored.success ? stored.data : choiceSchema.parse({});
}

export const saveAiSearchChoice = (choice: AiSearchChoice) =>
  saveJsonPreference(AI_SEARCH_CHOICE_KEY, choice);
