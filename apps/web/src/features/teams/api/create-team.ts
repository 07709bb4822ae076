// POST /api/teams: a new team with the caller as owner.
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export async function createTeam(name: string) {
  return (await apiRequest<{ id: string; name: string }>("/api/teams", { method: "POST", body: { name } }))
    .data;
}

export function useCreateTeam() {
  return useMutation({ mutationFn: createTeam });
}
