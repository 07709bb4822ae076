// GET /api/documents/:id/chunks/:chunkId: the passage an answer cited, to mark it in its document
// and to show it when its citation is hovered.
// `assistantId`: the assistant whose answer cited it, through which someone who does not read the
// document may read the passage.
import { documentChunkSchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const chunkQuery = (documentId: string, chunkId: string, assistantId: string | null = null) =>
  queryOptions({
    queryKey: ["documents", documentId, "chunks", chunkId, assistantId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(
          `/api/documents/${encodeURIComponent(documentId)}/chunks/${encodeURIComponent(chunkId)}${
            assistantId ? `?${new URLSearchParams({ assistantId })}` : ""
          }`,
          { schema: documentChunkSchema, signal },
        )
      ).data,
    staleTime: Infinity,
  });

export const useChunk = (documentId: string, chunkId: string | null, assistantId: string | null = null) =>
  useQuery({ ...chunkQuery(documentId, chunkId ?? "", assistantId), enabled: chunkId !== null });
