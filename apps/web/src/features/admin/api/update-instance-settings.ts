// PATCH /api/admin/settings: what is sent changes at once, with no restart; the rest stays.
import { instanceSettingsSchema, type UpdateInstanceSettings } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { instanceSettingsQuery } from "./get-instance-settings";

export async function updateInstanceSettings(input: UpdateInstanceSettings) {
  return (
    await apiRequest("/api/admin/settings", { method: "PATCH", body: input, schema: instanceSettingsSchema })
  ).data;
}

export function useUpdateInstanceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInstanceSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(instanceSettingsQuery.queryKey, settings);
      // The name and who may sign up are public: the sidebar and the sign-in page read them there.
      for (const key of ["public-config", "admin-audit"])
        void queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}
