// GET /api/admin/budgets: the instance's, the teams' and the people's monthly caps, with how many
// people each applies to and how many are near or at it.
import { budgetsResponseSchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const budgetsQuery = queryOptions({
  queryKey: ["admin-budgets"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/admin/budgets", { schema: budgetsResponseSchema, signal })).data,
  staleTime: 0,
});

export const useBudgets = (enabled: boolean) => useQuery({ ...budgetsQuery, enabled });
