// POST /api/track-event (spec 001 §7): sent only with a session; failures are silent by design (a
// lost page view must never bother the person).
import type { TrackEvent } from "@tessera/contracts";
import { apiRequest } from "@/lib/api-client";

export const ANALYTICS_SESSION_KEY = "tessera.analytics.session";

/** One id per browser tab, kept in sessionStorage so a reload stays in the same visit. */
export function analyticsSessionId(): string {
  try {
    const existing = sessionStorage.getItem(ANALYTICS_SESSION_KEY);
    if (existing) return existing;
    const id = crypto.randomUUID();
    sessionStorage.setItem(ANALYTICS_SESSION_KEY, id);
    return id;
  } catch {
    return "no-storage";
  }
}

export async function trackEvent(event: TrackEvent): Promise<void> {
  try {
    await apiRequest("/api/track-event", { method: "POST", body: event });
  } catch {
    // Silent (spec 001 §7).
  }
}
