// GET /api/comparisons: the person's comparisons, newest first (at most 50). While one of them has
// answers still coming (the dialog's page was left), the list is read again every three seconds.
import { comparisonSummarySchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

const RUNNING_REFRESH_MS = 3000;

export const comparisonsQuery = queryOptions({
  queryKey: ["comparisons"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/comparisons", { schema: z.array(comparisonSummarySchema), signal })).data,
  // Streams, ratings and deletions change the list; each refreshes it when it happens.
  staleTime: 30_000,
  refetchInterval: (query) =>
    query.state.data?.some((c) => c.runningCount > 0) ? RUNNING_REFRESH_MS : false,
});

export function useComparisons() {
  return useQuery(comparisonsQuery);
}
