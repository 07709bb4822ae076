// PATCH /api/assistants/:id: the owner changes their assistant (anyone else is refused).
import { assistantSchema, type CreateAssistantInput } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { assistantsQuery } from "./get-assistants";

export async function updateAssistant({ id, input }: { id: string; input: Partial<CreateAssistantInput> }) {
  return (
    await apiRequest(`/api/assistants/${encodeURIComponent(id)}`, {
      method: "PATCH",
      body: input,
      schema: assistantSchema,
    })
  ).data;
}

export function useUpdateAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAssistant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantsQuery.queryKey }),
  });
}
