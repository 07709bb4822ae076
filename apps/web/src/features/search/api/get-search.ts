// GET /api/searches/:id: one saved search with its sources, images, overview and follow-ups.
import { savedSearchSchema } from "@tessera/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const searchQuery = (searchId: string) =>
  queryOptions({
    queryKey: ["searches", searchId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`/api/searches/${encodeURIComponent(searchId)}`, {
          schema: savedSearchSchema,
          signal,
        })
      ).data,
    // A search that was still running when it was last read may have finished since.
    staleTime: 0,
  });
