// Voice-over routes: POST /api/text-to-voice (spec §7), GET /api/voices, and one's kept voice-overs
// under /api/voice-overs (listed, read back with their audio, served as MP3, deleted).
import { textToVoiceSchema } from "@tessera/contracts";
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { Services } from "../../bootstrap";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { parseWith, readJson } from "../../lib/validate";
import { contentDisposition } from "../../lib/content-disposition";
import { createVoiceOver } from "./create-voice-over";
import { listVoices } from "./list-voices";
import { deleteVoiceOver, getVoiceOver, listVoiceOvers, readVoiceOverAudio } from "./voice-overs";

const idParam = z.object({ id: z.string().uuid("not a voice-over id") });

export function voiceRoutes(services: Services) {
  // The live engine: a speech connection made on the admin's page applies at once.
  const speech = services.speech;
  const deps = { db: services.database.db, storage: services.storage, speech };
  // One generation at a time per person (spec §4: blocked while one is running), in every process; a
  // hold its process never let go (it died) runs out a little after a generation's time limit.
  const holdMs = services.env.VOICE_TIMEOUT_MS + 30_000;
  const userOf = (c: Context<AppEnv>) => c.get("session").user.id;
  const idOf = (c: Context<AppEnv>) => parseWith(idParam, c.req.param()).id;

  return new Hono<AppEnv>()
    .get("/voices", (c) => c.json(listVoices(speech)))
    .post("/text-to-voice", async (c) => {
      const userId = userOf(c);
      const input = await readJson(c, textToVoiceSchema);
      const release = await services.limiter.hold(`voice:${userId}`, holdMs);
      if (!release)
        throw new AppError("CONFLICT", "A voice-over is already being generated. Wait for it to finish.");
      try {
        const made = await createVoiceOver(
          { ...deps, logger: c.get("logger") },
          userId,
          input,
          c.req.raw.signal,
        );
        return c.json(made);
      } finally {
        await release();
      }
    })
    .get("/voice-overs", async (c) => c.json(await listVoiceOvers(deps, userOf(c))))
    .get("/voice-overs/:id", async (c) => c.json(await getVoiceOver(deps, userOf(c), idOf(c))))
    .get("/voice-overs/:id/audio", async (c) => {
      const { row, mp3 } = await readVoiceOverAudio(deps, userOf(c), idOf(c));
      const download = c.req.query("download") !== undefined && c.req.query("download") !== "0";
      c.header("Content-Type", "audio/mpeg");
      c.header("Content-Disposition", contentDisposition(download ? "attachment" : "inline", row.fileName));
      return c.body(Buffer.from(mp3));
    })
    .delete("/voice-overs/:id", async (c) => {
      await deleteVoiceOver({ ...deps, logger: c.get("logger") }, userOf(c), idOf(c));
      return c.body(null, 204);
    });
}
