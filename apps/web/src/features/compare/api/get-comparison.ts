// GET /api/comparisons/:id: one stored comparison with its answers (someone else's is a 404). Its answers
// go on when the page that asked for them is left, so while one is still coming the comparison is read
// again every second: its text grows as the server stores it.
import { comparisonSchema, type Comparison } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

const RUNNING_REFRESH_MS = 1000;

/** An answer of the comparison is still coming (or waits to begin). */
export const isRunning = (comparison: Comparison | undefined): boolean =>
  comparison?.responses.some((r) => r.status === "pending" || r.status === "streaming") ?? false;

export const comparisonQuery = (comparisonId: string) =>
  queryOptions({
    queryKey: ["comparisons", comparisonId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`/api/comparisons/${encodeURIComponent(comparisonId)}`, {
          schema: comparisonSchema,
          signal,
        })
      ).data,
    // Opening a comparison shows what is stored now (answers may have finished meanwhile).
    staleTime: 0,
    refetchInterval: (query) => (isRunning(query.state.data) ? RUNNING_REFRESH_MS : false),
  });

export function useComparison(comparisonId: string) {
  return useQuery(comparisonQuery(comparisonId));
}
