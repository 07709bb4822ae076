// GET /api/dashboard/metrics: the person's last 30 days (spec 000 §2 Dashboard home, §7). A failure
// is only logged (spec §8 Dashboard); the page then shows "—" where the figures would be.
import { dashboardMetricsSchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiRequest } from "@/lib/api-client";

export const METRICS_FAILED = "Failed to load dashboard metrics";

export const dashboardMetricsQuery = queryOptions({
  queryKey: ["dashboard-metrics"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/dashboard/metrics", { schema: dashboardMetricsSchema, signal })).data,
  // Every chat, search and image elsewhere changes these figures: each visit asks again, showing
  // the last figures meanwhile.
  staleTime: 0,
});

export function useDashboardMetrics() {
  const query = useQuery(dashboardMetricsQuery);
  const { error } = query;
  useEffect(() => {
    if (error) console.warn(METRICS_FAILED, error);
  }, [error]);
  return query;
}
