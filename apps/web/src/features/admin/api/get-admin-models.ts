// GET /api/admin/models: the catalogue as the admin manages it (on or off, through which connection).
import { adminCatalogueSchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const adminModelsQuery = queryOptions({
  queryKey: ["admin-models"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/admin/models", { schema: adminCatalogueSchema, signal })).data,
  staleTime: 0,
});

export const useAdminModels = (enabled: boolean) => useQuery({ ...adminModelsQuery, enabled });
