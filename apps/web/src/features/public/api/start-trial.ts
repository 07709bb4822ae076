// POST /api/billing/trial: starts the once-per-account free trial of Pro (201 with the new plan; 409
// when it was used before).
import { subscriptionSchema } from "@tessera/contracts";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { useRefreshSubscription } from "@/lib/subscription";

export async function startTrial() {
  return (await apiRequest("/api/billing/trial", { method: "POST", schema: subscriptionSchema })).data;
}

export function useStartTrial() {
  const refresh = useRefreshSubscription();
  return useMutation({
    mutationFn: startTrial,
    // Every lock in the app reads the plan from the subscription queries.
    onSuccess: () => refresh(),
  });
}
