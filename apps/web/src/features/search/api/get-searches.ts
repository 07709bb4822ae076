// GET /api/searches: the person's latest searches (summaries), newest first.
import { searchSummarySchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

export const searchesQuery = queryOptions({
  queryKey: ["searches"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/searches", { schema: z.array(searchSummarySchema), signal })).data,
  // Every search run on this page refreshes the list when it starts and when it ends.
  staleTime: 30_000,
});

export function useSearches() {
  return useQuery(searchesQuery);
}
