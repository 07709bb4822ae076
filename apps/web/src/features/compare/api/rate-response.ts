// PUT /api/comparisons/:id/responses/:responseId/rating: answers the whole comparison, which is
// revealed once a blind one has every complete answer rated.
import { comparisonSchema, type Comparison } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { comparisonQuery } from "./get-comparison";
import { comparisonsQuery } from "./get-comparisons";
import { leaderboardQuery } from "./get-leaderboard";

export interface RateInput {
  comparisonId: string;
  responseId: string;
  rating: number;
}

export async function rateResponse({ comparisonId, responseId, rating }: RateInput): Promise<Comparison> {
  const path = `/api/comparisons/${encodeURIComponent(comparisonId)}/responses/${encodeURIComponent(responseId)}/rating`;
  const { data } = await apiRequest(path, { method: "PUT", body: { rating }, schema: comparisonSchema });
  return data;
}

export function useRateResponse() {
  const queryClient = useQueryClient();
  const withRating = (input: RateInput, rating: number | null) =>
    queryClient.setQueryData(comparisonQuery(input.comparisonId).queryKey, (stored) =>
      stored
        ? {
            ...stored,
            responses: stored.responses.map((r) => (r.id === input.responseId ? { ...r, rating } : r)),
          }
        : stored,
    );
  return useMutation({
    mutationFn: rateResponse,
    // The stars fill at once; a refusal puts the previous rating back.
    onMutate: (input) => {
      const stored = queryClient.getQueryData(comparisonQuery(input.comparisonId).queryKey);
      const previous = stored?.responses.find((r) => r.id === input.responseId)?.rating ?? null;
      withRating(input, input.rating);
      return { previous };
    },
    onError: (_error, input, context) => withRating(input, context?.previous ?? null),
    onSuccess: async (comparison) => {
      queryClient.setQueryData(comparisonQuery(comparison.id).queryKey, comparison);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: comparisonsQuery.queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: leaderboardQuery.queryKey }),
      ]);
    },
  });
}
