// GET /api/health: whether the embedding model answered this server's last search. Read again every
// half minute while it is failing, so the card clears once the model answers.
import { healthResponseSchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const healthQuery = queryOptions({
  queryKey: ["health"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/health", { schema: healthResponseSchema, auth: false, retry: false, signal }))
      .data,
  staleTime: 0,
  refetchInterval: (query) => (query.state.data?.embeddings === "failing" ? 30_000 : false),
});

export const useHealth = () => useQuery(healthQuery);
