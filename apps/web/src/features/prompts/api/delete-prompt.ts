// DELETE /api/prompts/:id, then the library drops the card.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { promptsQuery } from "./get-prompts";

export async function deletePrompt(id: string): Promise<void> {
  await apiRequest(`/api/prompts/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeletePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePrompt,
    onSuccess: (_data, id) =>
      queryClient.setQueryData(promptsQuery.queryKey, (list) => list?.filter((p) => p.id !== id)),
  });
}
