// GET /api/admin/usage: instance admins only (403 for everyone else).
import { adminUsageSchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const adminUsageQuery = queryOptions({
  queryKey: ["admin-usage"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/admin/usage", { schema: adminUsageSchema, signal })).data,
  staleTime: 0,
});

export const useAdminUsage = (enabled: boolean) => useQuery({ ...adminUsageQuery, enabled });
