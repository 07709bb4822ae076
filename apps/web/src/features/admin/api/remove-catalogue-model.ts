// DELETE /api/admin/models/:id: an added model leaves the catalogue; a built-in one goes back to as shipped.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { refreshConnected } from "./get-connections";

export async function removeCatalogueModel(id: string): Promise<void> {
  await apiRequest(`/api/admin/models/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useRemoveCatalogueModel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeCatalogueModel, onSuccess: () => refreshConnected(queryClient) });
}
