// GET /api/admin/users/:id: one person, what they use and keep, and what an admin may do to them.
import { adminUserDetailSchema, type AdminUserDetail } from "@tessera/contracts";
import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const adminUserQuery = (id: string) =>
  queryOptions({
    queryKey: ["admin-user", id],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`/api/admin/users/${encodeURIComponent(id)}`, {
          schema: adminUserDetailSchema,
          signal,
        })
      ).data,
    staleTime: 0,
  });

export const useAdminUser = (id: string, enabled: boolean) => useQuery({ ...adminUserQuery(id), enabled });

/** An action answered with the person as they are now: the page shows it, the list is read again. */
export function showChangedUser(queryClient: QueryClient, user: AdminUserDetail) {
  queryClient.setQueryData(adminUserQuery(user.id).queryKey, user);
  void queryClient.invalidateQueries({ queryKey: ["admin-users"] });
  void queryClient.invalidateQueries({ queryKey: ["admin-audit"] });
}
