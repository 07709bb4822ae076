// POST /api/transcribe-audio (spec §7): the recording as multipart `file` (named as a webm file),
// with `model` and `language`; the answer's `text`. A non-ok status is an ApiError with that status.
import { DICTATION_AUDIO, TRANSCRIBE_PATH } from "@tessera/contracts";
import { apiRequest } from "@/lib/api-client";

/** Offline recognition of a long recording on a small server takes a while. */
export const TRANSCRIBE_TIMEOUT_MS = 180_000;

export async function transcribeAudio(recording: Blob, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  form.append("file", new File([recording], DICTATION_AUDIO.fileName, { type: recording.type }));
  form.append("model", DICTATION_AUDIO.model);
  form.append("language", DICTATION_AUDIO.language);
  const { transcriptionSchema } = await import("./later-schemas");
  const { data } = await apiRequest(TRANSCRIBE_PATH, {
    method: "POST",
    form,
    schema: transcriptionSchema,
    timeoutMs: TRANSCRIBE_TIMEOUT_MS,
    signal,
  });
  return data.text;
}
