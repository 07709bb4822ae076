// POST /api/changelog (the spec's changelog-upsert), apart from the list's schema: the publisher runs
// in every page's frame, the list only where the changelog is shown.
import type { ChangelogUpsert } from "@tessera/contracts";
import { apiRequest } from "@/lib/api-client";

export const CHANGELOG_QUERY_KEY = ["changelog"] as const;

export async function publishChangelog(entry: ChangelogUpsert): Promise<void> {
  await apiRequest("/api/changelog", { method: "POST", body: entry });
}
