// POST /api/comparisons/:id/stop: every answer of the comparison still coming ends where it stands and
// keeps its text. The answers outlive the page that asked for them, so Stop names the comparison; the
// request can be sent twice to the same effect, so a lost connection is tried again.
import { apiRequest } from "@/lib/api-client";

export async function stopComparison(comparisonId: string): Promise<void> {
  await apiRequest(`/api/comparisons/${encodeURIComponent(comparisonId)}/stop`, {
    method: "POST",
    retry: true,
  });
}
