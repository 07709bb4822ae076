// /api/knowledge/collections: knowledge bases (personal or a team's) and the documents in them.
import {
  collectionDetailSchema,
  collectionSummarySchema,
  documentSummarySchema,
  type CreateCollectionInput,
  type DocumentSummary,
  type UpdateCollectionInput,
} from "@tessera/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import { collectionsQuery } from "@/lib/collections-api";
import { documentsQuery, type NewDocument } from "@/lib/documents-api";

export { useCollections } from "@/lib/collections-api";

const READ_TIMEOUT_MS = 120_000;
const base = "/api/knowledge/collections";
const path = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** While a document is still being indexed its state is asked for again, so the bar moves. */
const POLL_MS = 1500;
export const stillIndexing = (docs: DocumentSummary[] | undefined) =>
  (docs ?? []).some((d) => d.index?.state === "pending" || d.index?.state === "indexing");

export const collectionQuery = (id: string) =>
  queryOptions({
    queryKey: ["collections", id],
    queryFn: async ({ signal }) =>
      (await apiRequest(path(id), { schema: collectionDetailSchema, signal })).data,
    refetchInterval: (q) => (stillIndexing(q.state.data?.items) ? POLL_MS : false),
  });

export const useCollection = (id: string | null) =>
  useQuery({ ...collectionQuery(id ?? ""), enabled: id !== null });

/** The person's own documents, asked again while any is indexing. */
export const useIndexedDocuments = () =>
  useQuery({ ...documentsQuery, refetchInterval: (q) => (stillIndexing(q.state.data) ? POLL_MS : false) });

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: collectionsQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: documentsQuery.queryKey, exact: true }),
    ]);
}

export function useCreateCollection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: CreateCollectionInput) =>
      (await apiRequest(base, { method: "POST", body: input, schema: collectionSummarySchema })).data,
    onSuccess: refresh,
  });
}

export function useUpdateCollection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: UpdateCollectionInput }) =>
      (await apiRequest(path(id), { method: "PATCH", body: input, schema: collectionSummarySchema })).data,
    onSuccess: refresh,
  });
}

export function useDeleteCollection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest(path(id), { method: "DELETE" });
    },
    onSuccess: refresh,
  });
}

/** Adds text, a file or a page to a collection, or (collection null) to the person's own documents. */
export async function addToCollection(collectionId: string, doc: NewDocument) {
  const options = { method: "POST", schema: documentSummarySchema, timeoutMs: READ_TIMEOUT_MS } as const;
  const to = `${path(collectionId)}/documents`;
  if (doc.kind === "text") return (await apiRequest(to, { ...options, body: doc.input })).data;
  if (doc.kind === "url") return (await apiRequest(`${to}/from-url`, { ...options, body: doc.input })).data;
  const form = new FormData();
  form.append("file", doc.file, doc.file.name);
  if (doc.title?.trim()) form.append("title", doc.title.trim());
  return (await apiRequest(`${to}/upload`, { ...options, form })).data;
}

export function useAddToCollection(collectionId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (doc: NewDocument) => addToCollection(collectionId, doc),
    onSuccess: refresh,
  });
}

/** Where a document's own actions go: its collection's routes when in one, else /api/documents. */
const documentPath = (doc: DocumentSummary) =>
  doc.collection_id
    ? `${path(doc.collection_id)}/documents/${encodeURIComponent(doc.id)}`
    : `/api/documents/${encodeURIComponent(doc.id)}`;

export function useReindexDocument() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (doc: DocumentSummary) =>
      (await apiRequest(`${documentPath(doc)}/reindex`, { method: "POST", schema: documentSummarySchema }))
        .data,
    onSuccess: refresh,
  });
}

export function useDeleteDocumentOf() {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (doc: DocumentSummary) => {
      await apiRequest(documentPath(doc), { method: "DELETE" });
    },
    onSuccess: async (_data, doc) => {
      queryClient.removeQueries({ queryKey: ["documents", doc.id] });
      await refresh();
    },
  });
}

/** Only the team's id and name: a key of its own, so the team page's full answer is not cut short. */
const teamNameSchema = z.object({
  team: z.object({ company: z.object({ id: z.string(), name: z.string() }) }).nullable(),
});

/** The caller's team, if any: a collection may be made its members'. */
export const myTeamQuery = queryOptions({
  queryKey: ["team", "mine", "name"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/teams/mine", { schema: teamNameSchema, signal })).data.team,
});
export const useMyTeam = () => useQuery(myTeamQuery);
