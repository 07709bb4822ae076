// GET /api/comparisons/:id: one stored comparison with its answers (someone else's is a 404).
import { comparisonSchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

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
  });

export function useComparison(comparisonId: string) {
  return useQuery(comparisonQuery(comparisonId));
}
