// GET /api/comparisons/leaderboard: the person's own ranking of models from revealed, rated answers.
import { leaderboardSchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const leaderboardQuery = queryOptions({
  queryKey: ["comparisons-leaderboard"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/comparisons/leaderboard", { schema: leaderboardSchema, signal })).data.entries,
  staleTime: 30_000,
});

export function useLeaderboard() {
  return useQuery(leaderboardQuery);
}
