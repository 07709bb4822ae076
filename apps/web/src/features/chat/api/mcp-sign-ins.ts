// MCP servers that sign each person in (OAuth): whether this person has (GET /api/mcp/sign-ins),
// where to sign in (POST …/sign-in, opened in a popup) and signing out (DELETE …/sign-in).
import { mcpSignInSchema, mcpSignInStartSchema } from "@tessera/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import { toolsQuery } from "./get-tools";

export const mcpSignInsQuery = queryOptions({
  queryKey: ["mcp-sign-ins"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/mcp/sign-ins", { schema: z.array(mcpSignInSchema), signal })).data,
});

/** While a sign-in popup is open the list is asked again every two seconds, and on every return to the page. */
export const useMcpSignIns = (enabled: boolean, waiting: boolean) =>
  useQuery({
    ...mcpSignInsQuery,
    enabled,
    refetchOnWindowFocus: "always",
    refetchInterval: waiting ? 2_000 : false,
  });

/** A sign-in changes which tools the person has. */
export const refreshSignIns = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: mcpSignInsQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: toolsQuery.queryKey }),
  ]);

export async function startMcpSignIn(serverId: string): Promise<string> {
  const { data } = await apiRequest(`/api/mcp/servers/${encodeURIComponent(serverId)}/sign-in`, {
    method: "POST",
    schema: mcpSignInStartSchema,
    // The answer sets the cookie that ties the sign-in to this browser (the callback has no bearer).
    credentials: "same-origin",
  });
  return data.authorizationUrl;
}

export function useMcpSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (serverId: string) => {
      await apiRequest(`/api/mcp/servers/${encodeURIComponent(serverId)}/sign-in`, { method: "DELETE" });
    },
    onSuccess: () => refreshSignIns(queryClient),
  });
}
