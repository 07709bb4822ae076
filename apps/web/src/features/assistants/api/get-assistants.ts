// GET /api/assistants: the built-in assistants, the person's own and others' public ones, with the
// listing flags of spec §6 (isSystem, isOwned, isShared, isPublic, isTeam, isFavorite, sharedBy).
import { assistantSchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

export const assistantsQuery = queryOptions({
  queryKey: ["assistants"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/assistants", { schema: z.array(assistantSchema), signal })).data,
});

export function useAssistants() {
  return useQuery(assistantsQuery);
}
