// DELETE /api/searches/:id for every search of a thread (a question and its follow-ups), then the
// history drops them.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { searchesQuery } from "./get-searches";

export async function deleteSearch(searchId: string): Promise<void> {
  await apiRequest(`/api/searches/${encodeURIComponent(searchId)}`, { method: "DELETE" });
}

export function useDeleteSearches() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (searchIds: string[]) => {
      await Promise.all(searchIds.map(deleteSearch));
    },
    onSettled: async (_data, _error, searchIds) => {
      for (const id of searchIds) queryClient.removeQueries({ queryKey: ["searches", id] });
      await queryClient.invalidateQueries({ queryKey: searchesQuery.queryKey, exact: true });
    },
  });
}
