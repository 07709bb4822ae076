// PATCH /api/profile with the full name (the account page's own endpoint), then the team reloads so
// the member list shows it.
import { profileSchema } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { myTeamQuery } from "./get-my-team";

export async function saveFullName(fullName: string) {
  return (await apiRequest("/api/profile", { method: "PATCH", body: { fullName }, schema: profileSchema }))
    .data;
}

export function useSaveFullName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFullName,
    onSuccess: (profile) => {
      queryClient.setQueryData(["profile"], profile);
      return queryClient.invalidateQueries({ queryKey: myTeamQuery.queryKey });
    },
  });
}
