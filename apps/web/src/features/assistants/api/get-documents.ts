// GET /api/documents: the person's knowledge documents, newest first, that an assistant can read.
import { documentSummarySchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

export const documentsQuery = queryOptions({
  queryKey: ["documents"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/documents", { schema: z.array(documentSummarySchema), signal })).data,
});

export function useDocuments() {
  return useQuery(documentsQuery);
}
