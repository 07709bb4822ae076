// Turning a script into a kept voice-over (spec §7 text-to-voice): the plan must include voice; the
// work is a job on the queue (jobs/), taken by whichever process has room, so it outlives the process
// that took it; the request waits for it, from any process, and answers with the MP3 as base64. One
// open voice-over job per person (its exclusive key) is the one-at-a-time limit, in every process.
import { randomBytes } from "node:crypto";
import { VOICE_MESSAGES, type TextToVoiceResponse, type VoiceId } from "@tessera/contracts";
import { requireFeature } from "../../billing/plans";
import type { Database } from "../../db/client";
import { voiceOvers } from "../../db/schema";
import { JobFailure, type JobKind, type JobQueue } from "../../jobs/queue";
import { AppError, type ErrorCode } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { NothingToSpeakError, type SpeechAudio, type SpeechProvider } from "../../providers/speech/types";
import type { Storage } from "../../providers/storage/storage";
import { getVoiceOver } from "./voice-overs";

export interface VoiceDeps {
  db: Database;
  storage: Storage;
  speech: SpeechProvider;
}

export const VOICE_JOB = "voice-over";

export const BUSY_MESSAGE = "A voice-over is already being generated. Wait for it to finish.";

interface VoicePayload {
  text: string;
  voice: VoiceId;
  fileName: string;
}

export function voiceJobKind(deps: VoiceDeps & { logger: Logger }): JobKind<VoicePayload> {
  return {
    kind: VOICE_JOB,
    // Spoken once more when the process speaking it died; a refusal of the engine is final.
    maxAttempts: 2,
    concurrency: 2,
    failureMessage: VOICE_MESSAGES.unavailable,
    async run(job) {
      const input = job.payload;
      const started = performance.now();
      await job.progress(10, "Speaking the script");
      let audio: SpeechAudio;
      try {
        audio = await deps.speech.speak(input.text, input.voice, { signal: job.signal });
      } catch (cause) {
        if (job.signal.aborted) throw cause;
        if (cause instanceof NothingToSpeakError) throw new JobFailure(cause.message, "BAD_REQUEST");
        deps.logger.warn({ event: "voice.failed", err: cause }, "speech engine failed");
        throw new JobFailure(VOICE_MESSAGES.unavailable, "UNAVAILABLE");
      }
      await job.progress(80, "Storing the audio");
      const key = `voice-overs/${Date.now()}-${randomBytes(12).toString("hex")}.mp3`;
      await deps.storage.put(key, audio.mp3, "audio/mpeg");
      let row: typeof voiceOvers.$inferSelect | undefined;
      try {
        [row] = await deps.db
          .insert(voiceOvers)
          .values({
            userId: job.ownerId,
            text: input.text,
            voice: input.voice,
            fileName: input.fileName,
            provider: deps.speech.id,
            storageKey: key,
            durationMs: audio.durationMs,
            bytes: audio.mp3.byteLength,
          })
          .returning();
      } catch (err) {
        await deps.storage.remove(key).catch(() => undefined);
        throw err;
      }
      deps.logger.info(
        {
          event: "voice.generated",
          provider: deps.speech.id,
          voice: input.voice,
          characters: input.text.length,
          durationMs: audio.durationMs,
          bytes: audio.mp3.byteLength,
          ms: Math.round(performance.now() - started),
        },
        "voice-over generated",
      );
      return { voiceOverId: row!.id };
    },
  };
}

export async function createVoiceOver(
  deps: VoiceDeps & { jobs: JobQueue },
  userId: string,
  input: VoicePayload,
  signal?: AbortSignal,
): Promise<TextToVoiceResponse> {
  await requireFeature(deps.db, userId, "voice");
  const queued = await deps.jobs.enqueue({
    kind: VOICE_JOB,
    ownerId: userId,
    payload: { ...input },
    exclusiveKey: `voice:${userId}`,
  });
  if (!queued) throw new AppError("CONFLICT", BUSY_MESSAGE);
  // A page that leaves does not stop the job: the voice-over is kept and listed when it is done.
  const done = await deps.jobs.waitFor(queued.id, signal);
  const voiceOverId = done.result?.voiceOverId;
  if (done.status !== "succeeded" || typeof voiceOverId !== "string")
    throw new AppError(
      (done.errorCode as ErrorCode | null) ?? "UNAVAILABLE",
      done.error ?? VOICE_MESSAGES.unavailable,
    );
  return getVoiceOver(deps, userId, voiceOverId);
}
