// GET /api/voice-overs/:id: a kept voice-over with its audio, to play it again in the preview.
import { apiRequest } from "@/lib/api-client";
import { voiceAnswerSchema, withAudio, type SpokenVoiceOver } from "./generate-voice-over";

export async function getVoiceOver(id: string): Promise<SpokenVoiceOver> {
  const { data } = await apiRequest(`/api/voice-overs/${encodeURIComponent(id)}`, {
    schema: voiceAnswerSchema,
    timeoutMs: 60_000,
  });
  return withAudio(data);
}
