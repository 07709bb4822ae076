// POST /api/documents: stores a text as a knowledge document (indexed into passages by the server).
import { documentSummarySchema, type CreateDocumentInput } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { documentsQuery } from "./get-documents";

export async function createDocument(input: CreateDocumentInput) {
  return (await apiRequest("/api/documents", { method: "POST", body: input, schema: documentSummarySchema }))
    .data;
}

export function useCreateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsQuery.queryKey }),
  });
}
