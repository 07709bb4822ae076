// GET /api/tools: the tools this person may switch on for a conversation.
import { toolSummarySchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

export const toolsQuery = queryOptions({
  queryKey: ["tools"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/tools", { schema: z.array(toolSummarySchema), signal })).data,
  staleTime: 60_000,
});

export const useTools = (enabled: boolean) => useQuery({ ...toolsQuery, enabled });
