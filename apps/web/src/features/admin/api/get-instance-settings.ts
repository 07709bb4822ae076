// GET /api/admin/settings: who may sign up, from which domains, on which plan, and the instance's name.
import { instanceSettingsSchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const instanceSettingsQuery = queryOptions({
  queryKey: ["admin-settings"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/admin/settings", { schema: instanceSettingsSchema, signal })).data,
  staleTime: 0,
});

export const useInstanceSettings = (enabled: boolean) => useQuery({ ...instanceSettingsQuery, enabled });
