// GET /api/transcribe-audio/status: which recogniser listens (so the button can say the offline one
// is basic), or what an operator must set up.
import { TRANSCRIBE_STATUS_PATH, type TranscriptionStatus } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { apiRequest } from "@/lib/api-client";
import { useCatalogueTexts } from "@/lib/catalogue-texts";

export const transcriptionStatusQuery = queryOptions({
  queryKey: ["transcription-status"],
  queryFn: async ({ signal }) => {
    const { transcriptionStatusSchema: schema } = await import("./later-schemas");
    return (await apiRequest(TRANSCRIBE_STATUS_PATH, { schema, signal })).data;
  },
});

/** Asked only once `wanted` (the button was pointed at or focused), not on every chat visit. */
export function useTranscriptionStatus(wanted: boolean) {
  const texts = useCatalogueTexts();
  const select = useCallback(
    (status: TranscriptionStatus) => ({ ...status, description: texts.dictation(status.description) }),
    [texts],
  );
  return useQuery({ ...transcriptionStatusQuery, enabled: wanted, select });
}
