// POST /api/admin/mcp-servers: the server is connected to as it is saved; the answer says whether it answered.
import { mcpServerSchema, type CreateMcpServer } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { MCP_CALL_TIMEOUT_MS, refreshMcpServers } from "./get-mcp-servers";

export async function createMcpServer(input: CreateMcpServer) {
  return (
    await apiRequest("/api/admin/mcp-servers", {
      method: "POST",
      body: input,
      schema: mcpServerSchema,
      timeoutMs: MCP_CALL_TIMEOUT_MS,
    })
  ).data;
}

export function useCreateMcpServer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createMcpServer, onSuccess: () => refreshMcpServers(queryClient) });
}
