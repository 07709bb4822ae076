// DELETE /api/comparisons/:id, then the history and the leaderboard drop it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { comparisonsQuery } from "./get-comparisons";
import { leaderboardQuery } from "./get-leaderboard";

export async function deleteComparison(comparisonId: string): Promise<void> {
  await apiRequest(`/api/comparisons/${encodeURIComponent(comparisonId)}`, { method: "DELETE" });
}

export function useDeleteComparison() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComparison,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: ["comparisons", id] });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: comparisonsQuery.queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: leaderboardQuery.queryKey }),
      ]);
    },
  });
}
