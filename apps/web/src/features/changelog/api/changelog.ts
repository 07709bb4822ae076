// GET /api/changelog (entries, newest first) and POST /api/changelog (the spec's changelog-upsert).
import { changelogListSchema, type ChangelogUpsert } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const changelogQuery = queryOptions({
  queryKey: ["changelog"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/changelog", { schema: changelogListSchema, signal })).data.entries,
});

export const useChangelog = (enabled: boolean) => useQuery({ ...changelogQuery, enabled });

export async function publishChangelog(entry: ChangelogUpsert): Promise<void> {
  await apiRequest("/api/changelog", { method: "POST", body: entry });
}
