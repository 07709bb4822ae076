// PATCH /api/prompts/:id: only the author may change a prompt (someone else's public one is a 403).
import { promptSchema, type CreatePromptInput } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { storePrompt } from "./get-prompts";

export async function updatePrompt({ id, changes }: { id: string; changes: Partial<CreatePromptInput> }) {
  const path = `/api/prompts/${encodeURIComponent(id)}`;
  return (await apiRequest(path, { method: "PATCH", body: changes, schema: promptSchema })).data;
}

export function useUpdatePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrompt,
    onSuccess: (prompt) => storePrompt(queryClient, prompt),
  });
}
