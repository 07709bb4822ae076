// POST /api/assistants: a new assistant owned by the signed-in person.
import { assistantSchema, type CreateAssistantInput } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { assistantsQuery } from "./get-assistants";

export async function createAssistant(input: CreateAssistantInput) {
  return (await apiRequest("/api/assistants", { method: "POST", body: input, schema: assistantSchema })).data;
}

export function useCreateAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssistant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantsQuery.queryKey }),
  });
}
