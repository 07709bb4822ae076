// GET /api/searches: the person's latest searches (summaries), newest first. While one of them is
// still running (its page was left), the list is read again every three seconds.
import { searchSummarySchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

const RUNNING_REFRESH_MS = 3000;

export const searchesQuery = queryOptions({
  queryKey: ["searches"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/searches", { schema: z.array(searchSummarySchema), signal })).data,
  // Every search run on this page refreshes the list when it starts and when it ends.
  staleTime: 30_000,
  refetchInterval: (query) =>
    query.state.data?.some((s) => s.status === "running") ? RUNNING_REFRESH_MS : false,
});

export function useSearches() {
  return useQuery(searchesQuery);
}
