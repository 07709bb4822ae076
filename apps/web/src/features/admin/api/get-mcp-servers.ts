// GET /api/admin/mcp-servers: the instance's MCP servers, each with whether it answers now and its
// tools (instance admins only). After any change the list and the person's own tools are read again.
import { mcpServerSchema } from "@tessera/contracts";
import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

/** Listing connects to every server that is not connected yet, each within its own time limit. */
export const MCP_CALL_TIMEOUT_MS = 30_000;

export const mcpServersQuery = queryOptions({
  queryKey: ["admin-mcp-servers"],
  queryFn: async ({ signal }) =>
    (
      await apiRequest("/api/admin/mcp-servers", {
        schema: z.array(mcpServerSchema),
        signal,
        timeoutMs: MCP_CALL_TIMEOUT_MS,
      })
    ).data,
  staleTime: 0,
});

export const useMcpServers = (enabled: boolean) => useQuery({ ...mcpServersQuery, enabled });

export function refreshMcpServers(queryClient: QueryClient) {
  for (const key of ["admin-mcp-servers", "tools"]) void queryClient.invalidateQueries({ queryKey: [key] });
}
