// GET /api/models: the catalogue grouped as the pickers show it, with what the caller can use now.
// The chat reads the same answer ahead of its page, under the same key (features/chat/api).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { modelsAnswer } from "./answer-guards";
import { apiRequest } from "./api-client";
import { useCatalogueTexts } from "./catalogue-texts";

export const modelsQuery = queryOptions({
  queryKey: ["models"],
  queryFn: async ({ signal }) => (await apiRequest("/api/models", { schema: modelsAnswer, signal })).data,
});

/** The answer with the built-in catalogue's texts in the reader's language. */
export function useModels() {
  const texts = useCatalogueTexts();
  return useQuery({ ...modelsQuery, select: texts.models });
}
