// GET /api/tools: the tools this person may switch on for a conversation.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const toolsQuery = queryOptions({
  queryKey: ["tools"],
  queryFn: async ({ signal }) => {
    const { toolsSchema } = await import("./later-schemas");
    return (await apiRequest("/api/tools", { schema: toolsSchema, signal })).data;
  },
  staleTime: 60_000,
});

export const useTools = (enabled: boolean) => useQuery({ ...toolsQuery, enabled });
