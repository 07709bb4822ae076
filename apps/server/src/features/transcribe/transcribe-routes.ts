// Dictation's server half (spec §7): POST /api/transcribe-audio answers {text}; GET …/status says
// which recogniser listens, so the button can say what to expect. Both need a session (app.ts).
import { Hono } from "hono";
import type { Services } from "../../bootstrap";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { createTranscription, transcriptionConfig } from "../../providers/transcription/registry";
import { readRecording, recordingLimit } from "./read-recording";
import { transcribeAudio } from "./transcribe-audio";

export function transcribeRoutes(services: Services) {
  const { transcriber, status } = createTranscription(transcriptionConfig(services.env));
  return new Hono<AppEnv>()
    .get("/transcribe-audio/status", (c) => c.json(status))
    .post("/transcribe-audio", recordingLimit, async (c) => {
      if (!transcriber) throw new AppError("UNAVAILABLE", status.description);
      const recording = await readRecording(c);
      return c.json(
        await transcribeAudio(transcriber, recording, { logger: c.get("logger"), signal: c.req.raw.signal }),
      );
    });
}
