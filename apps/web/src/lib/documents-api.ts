// The person's knowledge documents (/api/documents): what the local search index, Tessera Local and
// assistants read. Shared by the documents page and the assistant editor's knowledge tab.
import {
  documentDetailSchema,
  documentSummarySchema,
  type CreateDocumentFromUrlInput,
  type CreateDocumentInput,
} from "@tessera/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

/** Uploads and pages read at an address may take longer than the default 30 s. */
const READ_TIMEOUT_MS = 120_000;

export const documentsQuery = queryOptions({
  queryKey: ["documents"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/documents", { schema: z.array(documentSummarySchema), signal })).data,
});

export const documentQuery = (id: string) =>
  queryOptions({
    queryKey: ["documents", id],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`/api/documents/${encodeURIComponent(id)}`, {
          schema: documentDetailSchema,
          signal,
        })
      ).data,
  });

export const useDocuments = () => useQuery(documentsQuery);
export const useDocument = (id: string) => useQuery(documentQuery(id));

export type NewDocument =
  | { kind: "text"; input: CreateDocumentInput }
  | { kind: "file"; file: File; title?: string }
  | { kind: "url"; input: CreateDocumentFromUrlInput };

export async function addDocument(doc: NewDocument) {
  const options = { method: "POST", schema: documentSummarySchema } as const;
  if (doc.kind === "text") return (await apiRequest("/api/documents", { ...options, body: doc.input })).data;
  if (doc.kind === "url")
    return (
      await apiRequest("/api/documents/from-url", { ...options, body: doc.input, timeoutMs: READ_TIMEOUT_MS })
    ).data;
  const form = new FormData();
  form.append("file", doc.file, doc.file.name);
  if (doc.title?.trim()) form.append("title", doc.title.trim());
  return (await apiRequest("/api/documents/upload", { ...options, form, timeoutMs: READ_TIMEOUT_MS })).data;
}

export function useAddDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsQuery.queryKey, exact: true }),
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest(`/api/documents/${encodeURIComponent(id)}`, { method: "DELETE" });
    },
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: documentQuery(id).queryKey });
      await queryClient.invalidateQueries({ queryKey: documentsQuery.queryKey, exact: true });
    },
  });
}
