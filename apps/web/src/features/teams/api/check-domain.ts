// POST /api/teams/:id/domains/:domain/check: proves a claimed domain (its DNS TXT record, or the
// checker's own confirmed address there); the team comes back with the domain's state.
import { teamSchema } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { myTeamQuery } from "./get-my-team";

export async function checkDomain(teamId: string, domain: string) {
  return (
    await apiRequest(`/api/teams/${encodeURIComponent(teamId)}/domains/${encodeURIComponent(domain)}/check`, {
      method: "POST",
      schema: teamSchema,
    })
  ).data;
}

export function useCheckDomain(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) => checkDomain(teamId, domain),
    onSuccess: (team) => queryClient.setQueryData(myTeamQuery.queryKey, team),
  });
}
