// GET /api/admin/embeddings: the embedding model, the set search reads, and a change in progress.
// Read every two seconds while a new set is being built, so the card's count moves.
import { embeddingsStatusSchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const embeddingsQuery = queryOptions({
  queryKey: ["admin-embeddings"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/admin/embeddings", { schema: embeddingsStatusSchema, signal })).data,
  staleTime: 0,
  refetchInterval: (query) => (query.state.data?.building?.state === "building" ? 2_000 : false),
});

export const useEmbeddings = () => useQuery(embeddingsQuery);
