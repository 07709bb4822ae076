// GET /api/changelog (entries, newest first); publishing is in publish-changelog.ts.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { changelogAnswer } from "@/lib/answer-guards";
import { apiRequest } from "@/lib/api-client";
import { CHANGELOG_QUERY_KEY } from "./publish-changelog";

export { publishChangelog } from "./publish-changelog";

export const changelogQuery = queryOptions({
  queryKey: CHANGELOG_QUERY_KEY,
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/changelog", { schema: changelogAnswer, signal })).data.entries,
});

export const useChangelog = (enabled: boolean) => useQuery({ ...changelogQuery, enabled });
