// GET /api/prompts: the built-in prompts, the person's own and everyone's public ones, most used
// first. The library filters this one list in the browser, so tabs and search answer at once.
import { promptSchema, type PromptTemplate } from "@tessera/contracts";
import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import { useCatalogueTexts } from "@/lib/catalogue-texts";

export const promptsQuery = queryOptions({
  queryKey: ["prompts"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/prompts", { schema: z.array(promptSchema), signal })).data,
});

/** The list with the built-in prompts' texts in the reader's language. */
export function usePrompts() {
  const texts = useCatalogueTexts();
  const select = useCallback((list: PromptTemplate[]) => list.map(texts.prompt), [texts]);
  return useQuery({ ...promptsQuery, select });
}

/** Puts the server's copy of one prompt into the cached list (appended when it is new). */
export function storePrompt(queryClient: QueryClient, prompt: PromptTemplate) {
  queryClient.setQueryData(promptsQuery.queryKey, (list) => {
    if (!list) return list;
    return list.some((p) => p.id === prompt.id)
      ? list.map((p) => (p.id === prompt.id ? prompt : p))
      : [...list, prompt];
  });
}
