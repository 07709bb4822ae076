// PUT /api/admin/sso: the provider is checked (its discovery document read) before it is saved;
// DELETE removes the page's configuration. Either applies in every process at once.
import { ssoSettingsSchema, type UpdateSsoSettings } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { ssoSettingsQuery } from "./get-sso-settings";

export async function updateSsoSettings(input: UpdateSsoSettings) {
  return (await apiRequest("/api/admin/sso", { method: "PUT", body: input, schema: ssoSettingsSchema })).data;
}

export async function removeSsoSettings() {
  return (await apiRequest("/api/admin/sso", { method: "DELETE", schema: ssoSettingsSchema })).data;
}

function useSsoMutation<T>(mutationFn: (input: T) => ReturnType<typeof updateSsoSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (settings) => {
      queryClient.setQueryData(ssoSettingsQuery.queryKey, settings);
      // The sign-in page's button is public; the change is in the audit log.
      for (const key of ["public-config", "admin-audit"])
        void queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}

export const useUpdateSsoSettings = () => useSsoMutation(updateSsoSettings);
export const useRemoveSsoSettings = () => useSsoMutation<void>(() => removeSsoSettings());
