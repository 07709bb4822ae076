// PUT /api/admin/budgets sets (or replaces) a budget; DELETE /api/admin/budgets?scope=&id= clears
// one. Both answer with every budget as it now is.
import { budgetsResponseSchema, type BudgetScope, type SetBudget } from "@tessera/contracts";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { budgetsQuery } from "./get-budgets";

export async function setBudget(input: SetBudget) {
  return (
    await apiRequest("/api/admin/budgets", { method: "PUT", body: input, schema: budgetsResponseSchema })
  ).data;
}

export async function clearBudget({ scope, id }: { scope: BudgetScope; id: string | null }) {
  const search = new URLSearchParams({ scope });
  if (id) search.set("id", id);
  return (
    await apiRequest(`/api/admin/budgets?${search}`, { method: "DELETE", schema: budgetsResponseSchema })
  ).data;
}

function onChanged(queryClient: QueryClient) {
  return (budgets: Awaited<ReturnType<typeof setBudget>>) => {
    queryClient.setQueryData(budgetsQuery.queryKey, budgets);
    // A person's page shows the budget that applies to them.
    void queryClient.invalidateQueries({ queryKey: ["admin-user"] });
    void queryClient.invalidateQueries({ queryKey: ["admin-audit"] });
  };
}

export function useSetBudget() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setBudget, onSuccess: onChanged(queryClient) });
}

export function useClearBudget() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: clearBudget, onSuccess: onChanged(queryClient) });
}
