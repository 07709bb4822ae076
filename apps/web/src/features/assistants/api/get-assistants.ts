// GET /api/assistants: the built-in assistants, the person's own and others' public ones, with the
// listing flags of spec §6 (isSystem, isOwned, isShared, isPublic, isTeam, isFavorite, sharedBy).
import { assistantSchema, type Assistant } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import { useCatalogueTexts } from "@/lib/catalogue-texts";

export const assistantsQuery = queryOptions({
  queryKey: ["assistants"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/assistants", { schema: z.array(assistantSchema), signal })).data,
});

/** The list with the built-in assistants' names and descriptions in the reader's language. */
export function useAssistants() {
  const texts = useCatalogueTexts();
  const select = useCallback((list: Assistant[]) => list.map(texts.assistant), [texts]);
  return useQuery({ ...assistantsQuery, select });
}
