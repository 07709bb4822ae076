// POST /api/searches/:id/stop: a running search ends where it stands and keeps what it found. A search
// outlives the page that asked for it, so Stop names it; the request can be sent twice to the same
// effect, so a lost connection is tried again.
import { apiRequest } from "@/lib/api-client";

export async function stopSearch(searchId: string): Promise<void> {
  await apiRequest(`/api/searches/${encodeURIComponent(searchId)}/stop`, { method: "POST", retry: true });
}
