import { profileSchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const profileQuery = queryOptions({
  queryKey: ["profile"],
  queryFn: async ({ signal }) => (await apiRequest("/api/profile", { schema: profileSchema, signal })).data,
});

export function useProfile() {
  return useQuery(profileQuery);
}
