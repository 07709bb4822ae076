// PATCH /api/admin/mcp-servers/:id: name, address, headers (a value sets one, null removes it), the
// approval rule and which tools are on.
import { mcpServerSchema, type UpdateMcpServer } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { MCP_CALL_TIMEOUT_MS, refreshMcpServers } from "./get-mcp-servers";

export async function updateMcpServer({ id, ...input }: UpdateMcpServer & { id: string }) {
  return (
    await apiRequest(`/api/admin/mcp-servers/${encodeURIComponent(id)}`, {
      method: "PATCH",
      body: input,
      schema: mcpServerSchema,
      timeoutMs: MCP_CALL_TIMEOUT_MS,
    })
  ).data;
}

export function useUpdateMcpServer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMcpServer, onSuccess: () => refreshMcpServers(queryClient) });
}
