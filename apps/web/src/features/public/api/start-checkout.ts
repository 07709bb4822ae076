// POST /api/billing/checkout: the address of a checkout page for a paid plan (only when the instance
// sells plans; public config says so).
import { redirectSchema, type PlanId } from "@tessera/contracts";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export type PaidPlanId = Exclude<PlanId, "core">;

export async function startCheckout(plan: PaidPlanId) {
  const { data } = await apiRequest("/api/billing/checkout", {
    method: "POST",
    body: { plan },
    schema: redirectSchema,
  });
  return data.url;
}

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout });
}
