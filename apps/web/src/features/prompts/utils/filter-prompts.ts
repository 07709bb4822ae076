// The library's tabs and search box, applied to the one list the server sent.
import { PROMPT_CATEGORIES, type PromptCategory, type PromptTemplate } from "@tessera/contracts";

export type CategoryFilter = PromptCategory | "all";

const categoryName = (id: PromptCategory) => PROMPT_CATEGORIES.find((c) => c.id === id)?.name ?? id;

/**
 * Every word of the search must appear in the title, description, tags, content or category, or in
 * `shown`: what the card shows of them in the reader's language (category name, translated tags).
 */
export function filterPrompts(
  prompts: readonly PromptTemplate[],
  { category, search }: { category: CategoryFilter; search: string },
  shown: (prompt: PromptTemplate) => string[] = () => [],
): PromptTemplate[] {
  const words = search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return prompts.filter((prompt) => {
    if (category !== "all" && prompt.category !== category) return false;
    if (words.length === 0) return true;
    const haystack = [
      prompt.title,
      prompt.description,
      prompt.content,
      categoryName(prompt.category),
      ...prompt.tags,
      ...shown(prompt),
    ]
      .join("\n")
      .toLocaleLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
