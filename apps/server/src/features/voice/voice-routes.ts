// Voice-over routes (being built): text-to-voice and kept voice-overs.
import { Hono } from "hono";
import type { Services } from "../../bootstrap";
import type { AppEnv } from "../../lib/context";

export function voiceRoutes(_services: Services) {
  return new Hono<AppEnv>();
}
