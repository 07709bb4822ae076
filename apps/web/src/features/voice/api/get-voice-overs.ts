// GET /api/voice-overs: one's kept voice-overs, newest first.
import { voiceOverSchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

export const voiceOversQuery = queryOptions({
  queryKey: ["voice-overs"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/voice-overs", { schema: z.array(voiceOverSchema), signal })).data,
});

export function useVoiceOvers() {
  return useQuery(voiceOversQuery);
}
