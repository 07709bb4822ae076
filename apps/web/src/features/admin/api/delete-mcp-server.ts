// DELETE /api/admin/mcp-servers/:id: its tools are gone at once for everyone.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { refreshMcpServers } from "./get-mcp-servers";

export async function deleteMcpServer(id: string): Promise<void> {
  await apiRequest(`/api/admin/mcp-servers/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteMcpServer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMcpServer, onSuccess: () => refreshMcpServers(queryClient) });
}
