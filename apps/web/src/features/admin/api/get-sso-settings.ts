// GET /api/admin/sso: company sign-in as configured (Admin → Sign-in or OIDC_*), never its secret.
import { ssoSettingsSchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const ssoSettingsQuery = queryOptions({
  queryKey: ["admin-sso"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/admin/sso", { schema: ssoSettingsSchema, signal })).data,
  staleTime: 0,
});

export const useSsoSettings = (enabled: boolean) => useQuery({ ...ssoSettingsQuery, enabled });
