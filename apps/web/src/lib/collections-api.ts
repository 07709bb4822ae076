// The knowledge bases (collections) a person reads, personal or their team's: listed on the
// documents page, offered by `#` in the chat composer and in an assistant's knowledge.
import { collectionSummarySchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

export const collectionsQuery = queryOptions({
  queryKey: ["collections"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/knowledge/collections", { schema: z.array(collectionSummarySchema), signal }))
      .data,
});

export const useCollections = (enabled = true) => useQuery({ ...collectionsQuery, enabled });
