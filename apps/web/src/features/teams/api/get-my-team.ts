// GET /api/teams/mine: the caller's team with members, pending invitations and analytics, or null.
import { myTeamSchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const myTeamQuery = queryOptions({
  queryKey: ["team", "mine"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/teams/mine", { schema: myTeamSchema, signal })).data.team,
});

export function useMyTeam(enabled = true) {
  return useQuery({ ...myTeamQuery, enabled });
}
