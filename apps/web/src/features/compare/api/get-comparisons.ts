// GET /api/comparisons: the person's comparisons, newest first (at most 50).
import { comparisonSummarySchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

export const comparisonsQuery = queryOptions({
  queryKey: ["comparisons"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/comparisons", { schema: z.array(comparisonSummarySchema), signal })).data,
  // Streams, ratings and deletions change the list; each refreshes it when it happens.
  staleTime: 30_000,
});

export function useComparisons() {
  return useQuery(comparisonsQuery);
}
