// PATCH /api/teams/:id: company name and slug (owner), allowed email domains (owner or admin).
import { teamSchema, type UpdateCompany } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { myTeamQuery } from "./get-my-team";

export async function updateCompany(teamId: string, input: UpdateCompany) {
  return (
    await apiRequest(`/api/teams/${encodeURIComponent(teamId)}`, {
      method: "PATCH",
      body: input,
      schema: teamSchema,
    })
  ).data;
}

export function useUpdateCompany(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCompany) => updateCompany(teamId, input),
    onSuccess: (team) => queryClient.setQueryData(myTeamQuery.queryKey, team),
  });
}
