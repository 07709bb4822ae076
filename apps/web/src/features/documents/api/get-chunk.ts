// GET /api/documents/:id/chunks/:chunkId: the passage an answer cited, to mark it in its document.
import { documentChunkSchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const chunkQuery = (documentId: string, chunkId: string) =>
  queryOptions({
    queryKey: ["documents", documentId, "chunks", chunkId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(
          `/api/documents/${encodeURIComponent(documentId)}/chunks/${encodeURIComponent(chunkId)}`,
          { schema: documentChunkSchema, signal },
        )
      ).data,
    staleTime: Infinity,
  });

export const useChunk = (documentId: string, chunkId: string | null) =>
  useQuery({ ...chunkQuery(documentId, chunkId ?? ""), enabled: chunkId !== null });
