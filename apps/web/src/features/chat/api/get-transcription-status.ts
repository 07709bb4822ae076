// GET /api/transcribe-audio/status: which recogniser listens (so the button can say the offline one
// is basic), or what an operator must set up.
import { TRANSCRIBE_STATUS_PATH, transcriptionStatusSchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const transcriptionStatusQuery = queryOptions({
  queryKey: ["transcription-status"],
  queryFn: async ({ signal }) =>
    (await apiRequest(TRANSCRIBE_STATUS_PATH, { schema: transcriptionStatusSchema, signal })).data,
});

/** Asked only once `wanted` (the button was pointed at or focused), not on every chat visit. */
export function useTranscriptionStatus(wanted: boolean) {
  return useQuery({ ...transcriptionStatusQuery, enabled: wanted });
}
