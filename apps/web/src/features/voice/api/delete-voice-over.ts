// DELETE /api/voice-overs/:id, then the list drops it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { voiceOversQuery } from "./get-voice-overs";

export async function deleteVoiceOver(id: string): Promise<void> {
  await apiRequest(`/api/voice-overs/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteVoiceOver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVoiceOver,
    onSuccess: (_data, id) =>
      queryClient.setQueryData(voiceOversQuery.queryKey, (list) => list?.filter((v) => v.id !== id)),
  });
}
