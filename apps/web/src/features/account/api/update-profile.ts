import { profileSchema, type UpdateProfileInput } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { profileQuery } from "./get-profile";

export async function updateProfile(input: UpdateProfileInput) {
  return (await apiRequest("/api/profile", { method: "PATCH", body: input, schema: profileSchema })).data;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileQuery.queryKey, profile),
  });
}
