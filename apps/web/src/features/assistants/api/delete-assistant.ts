// DELETE /api/assistants/:id: the owner removes their assistant for everyone who used it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { assistantsQuery } from "./get-assistants";

export async function deleteAssistant(id: string): Promise<void> {
  await apiRequest(`/api/assistants/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAssistant,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: [...assistantsQuery.queryKey, id] });
      await queryClient.invalidateQueries({ queryKey: assistantsQuery.queryKey, exact: true });
    },
  });
}
