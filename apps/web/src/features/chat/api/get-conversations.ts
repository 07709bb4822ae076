// GET /api/conversations: the 20 most recently updated conversations of the signed-in person.
import { conversationSummarySchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

export const conversationsQuery = queryOptions({
  queryKey: ["conversations"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/conversations", { schema: z.array(conversationSummarySchema), signal })).data,
  // A new conversation or a new answer changes the list; it is refreshed on those events.
  staleTime: 30_000,
});

export function useConversations() {
  return useQuery(conversationsQuery);
}
