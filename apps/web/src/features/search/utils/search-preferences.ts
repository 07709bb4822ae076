// The search pages' choices, remembered in this browser: the engine page's options, and the simple
// page's model and where it searches. What was stored is read through the API's own schemas, so an
// older shape or a hand edit gives the defaults instead of a request the server would refuse.
import { aiSearchRequestSchema, jigsawSearchRequestSchema, type SearchType } from "@tessera/contracts";
import type { SearchOptions } from "../hooks/use-search-thread";

export const SEARCH_OPTIONS_KEY = "tessera.search.options";
export const AI_SEARCH_CHOICE_KEY = "tessera.ai-search.choice";

const optionsSchema = jigsawSearchRequestSchema.shape.options;
const choiceSchema = aiSearchRequestSchema.pick({ model: true, searchType: true });

export interface AiSearchChoice {
  /** Left out: the server's own model. */
  model?: string;
  searchType: SearchType;
}

function readStored(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null") ?? undefined;
  } catch {
    return undefined;
  }
}

function store(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the choice lasts for this visit only.
  }
}

export function readSearchOptions(): Required<SearchOptions> {
  const stored = optionsSchema.safeParse(readStored(SEARCH_OPTIONS_KEY));
  return stored.success ? stored.data : optionsSchema.parse(undefined);
}

export const saveSearchOptions = (options: Required<SearchOptions>) => store(SEARCH_OPTIONS_KEY, options);

export function readAiSearchChoice(): AiSearchChoice {
  const stored = choiceSchema.safeParse(readStored(AI_SEARCH_CHOICE_KEY) ?? {});
  return stored.success ? stored.data : { searchType: "web" };
}

export const saveAiSearchChoice = (choice: AiSearchChoice) => store(AI_SEARCH_CHOICE_KEY, choice);
