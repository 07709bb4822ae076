// POST /api/text-to-voice (spec §7): the script and voice (and file name) in, the MP3 as base64
// audioContent out. An answer without audio is a failure of its own ("No audio returned", spec §8).
import { VOICE_MESSAGES, voiceOverSchema, type VoiceId, type VoiceOver } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import { voiceOversQuery } from "./get-voice-overs";

/** A long script takes a while to speak and encode; the server gives up at two minutes. */
const GENERATE_TIMEOUT_MS = 180_000;

export const voiceAnswerSchema = voiceOverSchema.extend({ audioContent: z.string().optional() });

/** A voice-over with its audio, ready to play. */
export type SpokenVoiceOver = VoiceOver & { audioContent: string };

export class NoAudioError extends Error {
  constructor() {
    super(VOICE_MESSAGES.noAudio);
    this.name = "NoAudioError";
  }
}

/** The answer's audio, or the "No audio returned" failure. */
export function withAudio(answer: z.infer<typeof voiceAnswerSchema>): SpokenVoiceOver {
  if (!answer.audioContent) throw new NoAudioError();
  return { ...answer, audioContent: answer.audioContent };
}

export async function generateVoiceOver(input: {
  text: string;
  voice: VoiceId;
  fileName: string;
}): Promise<SpokenVoiceOver> {
  const { data } = await apiRequest("/api/text-to-voice", {
    method: "POST",
    body: input,
    schema: voiceAnswerSchema,
    timeoutMs: GENERATE_TIMEOUT_MS,
  });
  return withAudio(data);
}

export function useGenerateVoiceOver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateVoiceOver,
    onSuccess: ({ audioContent: _audio, ...made }) =>
      queryClient.setQueryData(voiceOversQuery.queryKey, (list) =>
        list ? [made, ...list.filter((v) => v.id !== made.id)] : list,
      ),
  });
}
