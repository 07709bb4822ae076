import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { profileAnswer } from "@/lib/answer-guards";

export const profileQuery = queryOptions({
  queryKey: ["profile"],
  queryFn: async ({ signal }) => (await apiRequest("/api/profile", { schema: profileAnswer, signal })).data,
});

export function useProfile() {
  return useQuery(profileQuery);
}
