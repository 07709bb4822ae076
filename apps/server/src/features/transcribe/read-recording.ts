// Reads the dictation upload (spec §7: multipart file, model, language) and refuses early what no
// recogniser could use: no file, an empty or oversized one, or anything that is not audio.
import { TRANSCRIBE_MAX_BYTES, transcribeFieldsSchema, type TranscribeFields } from "@tessera/contracts";
import type { Context } from "hono";
import { bodyLimit } from "../../lib/body-limit";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { parseWith } from "../../lib/validate";
import { isAudioMediaType, sniffAudio, type AudioFormat } from "../../providers/transcription/audio-format";

const MAX_MB = TRANSCRIBE_MAX_BYTES / 1024 / 1024;
const TOO_LARGE = `Recordings larger than ${MAX_MB} MB cannot be transcribed.`;
const notAudio = () =>
  new AppError(
    "UNSUPPORTED_MEDIA_TYPE",
    "Only audio recordings (webm, ogg, mp4, wav, mp3 or flac) can be transcribed.",
  );

/** Refuses a body over the limit before it is read (the form's other fields get a little room). */
export const recordingLimit = bodyLimit(TRANSCRIBE_MAX_BYTES + 64 * 1024, TOO_LARGE);

export interface Recording extends TranscribeFields {
  bytes: Uint8Array;
  format: AudioFormat;
}

export async function readRecording(c: Context<AppEnv>): Promise<Recording> {
  const wrongShape = "Send the recording as multipart/form-data in the field 'file'.";
  const type = c.req.header("content-type")?.toLowerCase() ?? "";
  if (!type.startsWith("multipart/form-data")) throw new AppError("UNSUPPORTED_MEDIA_TYPE", wrongShape);
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch (cause) {
    if (cause instanceof AppError) throw cause;
    throw new AppError("BAD_REQUEST", wrongShape, { cause });
  }
  const file = body.file;
  if (!(file instanceof File)) throw new AppError("BAD_REQUEST", wrongShape);
  if (file.size > TRANSCRIBE_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", TOO_LARGE);
  if (file.size === 0) throw new AppError("BAD_REQUEST", "The recording is empty.");
  if (!isAudioMediaType(file.type)) throw notAudio();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const format = sniffAudio(bytes);
  if (!format) throw notAudio();
  const text = (key: string) => {
    const value = body[key];
    return typeof value === "string" && value.trim() !== "" ? value : undefined;
  };
  const fields = parseWith(transcribeFieldsSchema, { model: text("model"), language: text("language") });
  return { bytes, format, ...fields };
}
