// POST /api/teams/invitations/:id/accept: joins the team the invitation is for.
import { acceptInvitationSchema } from "@tessera/contracts";
import { apiRequest } from "@/lib/api-client";

export async function acceptInvitation(invitationId: string) {
  return (
    await apiRequest(`/api/teams/invitations/${encodeURIComponent(invitationId)}/accept`, {
      method: "POST",
      schema: acceptInvitationSchema,
    })
  ).data;
}
