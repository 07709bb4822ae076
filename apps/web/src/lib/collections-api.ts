// The knowledge bases (collections) a person reads, personal or their team's: listed on the
// documents page, offered by `#` in the chat composer and in an assistant's knowledge.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const collectionsQuery = queryOptions({
  queryKey: ["collections"],
  queryFn: async ({ signal }) => {
    const { collectionsSchema: schema } = await import("./later-schemas");
    return (await apiRequest("/api/knowledge/collections", { schema, signal })).data;
  },
});

export const useCollections = (enabled = true) => useQuery({ ...collectionsQuery, enabled });
