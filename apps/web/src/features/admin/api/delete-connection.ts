// DELETE /api/admin/connections/:id: gone at once for everyone.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { refreshConnected } from "./get-connections";

export async function deleteConnection(id: string): Promise<void> {
  await apiRequest(`/api/admin/connections/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteConnection, onSuccess: () => refreshConnected(queryClient) });
}
