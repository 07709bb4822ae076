// GET /api/admin/users?q=&page=&sort=: everyone on this instance, a page at a time (instance admins only).
import { adminUsersPageSchema, type AdminUserSort } from "@tessera/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export interface AdminUsersParams {
  q: string;
  page: number;
  sort: AdminUserSort;
}

export const adminUsersQuery = ({ q, page, sort }: AdminUsersParams) =>
  queryOptions({
    queryKey: ["admin-users", { q, page, sort }],
    queryFn: async ({ signal }) => {
      const search = new URLSearchParams({ page: String(page), sort });
      if (q.trim()) search.set("q", q.trim());
      return (await apiRequest(`/api/admin/users?${search}`, { schema: adminUsersPageSchema, signal })).data;
    },
    staleTime: 0,
    // The table keeps its rows while the next page or another sort is read.
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (params: AdminUsersParams, enabled: boolean) =>
  useQuery({ ...adminUsersQuery(params), enabled });
