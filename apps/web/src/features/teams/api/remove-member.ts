// DELETE /api/teams/:id/members/:userId: the member loses access at once.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { myTeamQuery } from "./get-my-team";

export async function removeMember(teamId: string, userId: string) {
  await apiRequest(`/api/teams/${encodeURIComponent(teamId)}/members/${encodeURIComponent(userId)}`, {
    method: "DELETE",
  });
}

export function useRemoveMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(teamId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myTeamQuery.queryKey }),
  });
}
