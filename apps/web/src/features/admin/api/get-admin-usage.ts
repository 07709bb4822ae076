// GET /api/admin/usage?from=&to=: instance admins only (403 for everyone else). Without a range, the
// server reports the last 30 days.
import { adminUsageSchema } from "@tessera/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** Days as YYYY-MM-DD (UTC), both included; empty: the server's default. */
export interface UsageRange {
  from: string;
  to: string;
}

export const adminUsageQuery = (range: UsageRange = { from: "", to: "" }) =>
  queryOptions({
    queryKey: ["admin-usage", range],
    queryFn: async ({ signal }) => {
      const search = new URLSearchParams();
      if (range.from) search.set("from", range.from);
      if (range.to) search.set("to", range.to);
      const query = search.toString();
      return (
        await apiRequest(`/api/admin/usage${query ? `?${query}` : ""}`, { schema: adminUsageSchema, signal })
      ).data;
    },
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useAdminUsage = (range: UsageRange, enabled: boolean) =>
  useQuery({ ...adminUsageQuery(range), enabled });
