// Dictation's transcription route (being built): POST /api/transcribe-audio.
import { Hono } from "hono";
import type { Services } from "../../bootstrap";
import type { AppEnv } from "../../lib/context";

export function transcribeRoutes(_services: Services) {
  return new Hono<AppEnv>();
}
