// The spec's six voices as the configured engine speaks them (GET /api/voices).
import { VOICES, type VoicesResponse } from "@tessera/contracts";
import type { SpeechProvider } from "../../providers/speech/types";

export const listVoices = (speech: SpeechProvider): VoicesResponse => ({
  engine: speech.engine,
  voices: VOICES.map((v) => ({ ...v, provider: speech.id, available: true })),
});
