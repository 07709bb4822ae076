// POST /api/teams/:id/invitations/:invitationId/resend: a new expiry and the mail again.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { myTeamQuery } from "./get-my-team";

export async function resendInvitation(teamId: string, invitationId: string) {
  await apiRequest(
    `/api/teams/${encodeURIComponent(teamId)}/invitations/${encodeURIComponent(invitationId)}/resend`,
    { method: "POST" },
  );
}

export function useResendInvitation(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => resendInvitation(teamId, invitationId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myTeamQuery.queryKey }),
  });
}
