// POST /api/prompts/:id/use: the server counts one more use and answers with the prompt, whose new
// usage count replaces the cached one (spec §4: selecting a prompt increments its usageCount).
import { promptSchema } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { storePrompt } from "./get-prompts";

export async function recordPromptUse(id: string) {
  const path = `/api/prompts/${encodeURIComponent(id)}/use`;
  return (await apiRequest(path, { method: "POST", schema: promptSchema })).data;
}

export function useRecordPromptUse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPromptUse,
    onSuccess: (prompt) => storePrompt(queryClient, prompt),
  });
}
