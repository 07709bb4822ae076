// POST /api/billing/portal: the address where a paying customer manages their subscription.
import { redirectSchema } from "@tessera/contracts";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export async function openBillingPortal() {
  return (await apiRequest("/api/billing/portal", { method: "POST", schema: redirectSchema })).data.url;
}

export function useOpenBillingPortal() {
  return useMutation({ mutationFn: openBillingPortal });
}
