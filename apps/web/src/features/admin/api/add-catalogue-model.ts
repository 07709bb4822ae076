// POST /api/admin/models: one of a connection's models joins the catalogue under a display name.
import { adminCatalogueModelSchema, type AddModelToCatalogue } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { refreshConnected } from "./get-connections";

export async function addCatalogueModel(input: AddModelToCatalogue) {
  return (
    await apiRequest("/api/admin/models", { method: "POST", body: input, schema: adminCatalogueModelSchema })
  ).data;
}

export function useAddCatalogueModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCatalogueModel,
    onSuccess: (_model, input) => {
      refreshConnected(queryClient);
      void queryClient.invalidateQueries({ queryKey: ["admin-connection-models", input.connectionId] });
    },
  });
}
