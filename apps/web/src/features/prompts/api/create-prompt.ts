// POST /api/prompts: a personal prompt, private unless marked public.
import { promptSchema, type CreatePromptInput } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { storePrompt } from "./get-prompts";

export async function createPrompt(input: CreatePromptInput) {
  return (await apiRequest("/api/prompts", { method: "POST", body: input, schema: promptSchema })).data;
}

export function useCreatePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPrompt,
    onSuccess: (prompt) => storePrompt(queryClient, prompt),
  });
}
