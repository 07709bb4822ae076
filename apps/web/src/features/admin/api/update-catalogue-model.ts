// PATCH /api/admin/models/:id: switch a model off or on, or choose the connection that serves it.
import { adminCatalogueModelSchema, type UpdateCatalogueModel } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { refreshConnected } from "./get-connections";

export async function updateCatalogueModel({ id, ...input }: UpdateCatalogueModel & { id: string }) {
  return (
    await apiRequest(`/api/admin/models/${encodeURIComponent(id)}`, {
      method: "PATCH",
      body: input,
      schema: adminCatalogueModelSchema,
    })
  ).data;
}

export function useUpdateCatalogueModel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCatalogueModel, onSuccess: () => refreshConnected(queryClient) });
}
