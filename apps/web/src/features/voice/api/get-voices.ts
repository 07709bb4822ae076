// GET /api/voices: the six voices and the engine that speaks them. Until it answers (or if it fails)
// the page offers the spec's six from the contracts, so the form never waits on it.
import { VOICES, voicesResponseSchema, type VoiceOption } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const voicesQuery = queryOptions({
  queryKey: ["voices"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/voices", { schema: voicesResponseSchema, signal })).data,
});

const FALLBACK: VoiceOption[] = VOICES.map((v) => ({ ...v, provider: "espeak", available: true }));

export function useVoices() {
  const query = useQuery(voicesQuery);
  return { voices: query.data?.voices ?? FALLBACK, engine: query.data?.engine ?? null };
}
