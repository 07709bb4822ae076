// POST /api/teams/:id/invitations: a mailed invitation as member or admin.
import type { InviteMember } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { myTeamQuery } from "./get-my-team";

export async function inviteMember(teamId: string, input: InviteMember) {
  await apiRequest(`/api/teams/${encodeURIComponent(teamId)}/invitations`, { method: "POST", body: input });
}

export function useInviteMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteMember) => inviteMember(teamId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myTeamQuery.queryKey }),
  });
}
