// Dictation's server half (spec §7): POST /api/transcribe-audio answers {text}; GET …/status says
// which recogniser listens, so the button can say what to expect. Both need a session (app.ts).
import { Hono } from "hono";
import type { Services } from "../../bootstrap";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { readRecording, recordingLimit } from "./read-recording";
import { transcribeAudio } from "./transcribe-audio";

export function transcribeRoutes(services: Services) {
  // Read on every call: a transcription connection made on the admin's page applies at once.
  const live = services.transcription;
  return new Hono<AppEnv>()
    .get("/transcribe-audio/status", (c) => c.json(live.status))
    .post("/transcribe-audio", recordingLimit, async (c) => {
      const { transcriber, status } = live;
      if (!transcriber) throw new AppError("UNAVAILABLE", status.description);
      const recording = await readRecording(c);
      return c.json(
        await transcribeAudio(transcriber, recording, { logger: c.get("logger"), signal: c.req.raw.signal }),
      );
    });
}
