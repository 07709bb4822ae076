// Voice-over routes: POST /api/text-to-voice (spec §7, a job on the queue, one at a time per person in
// every process), GET /api/voices, and one's kept voice-overs under /api/voice-overs (listed, read
// back with their audio, served as MP3, deleted).
import { textToVoiceSchema } from "@tessera/contracts";
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { Services } from "../../bootstrap";
import type { AppEnv } from "../../lib/context";
import { parseWith, readJson } from "../../lib/validate";
import { contentDisposition } from "../../lib/content-disposition";
import { createVoiceOver, voiceJobKind } from "./create-voice-over";
import { listVoices } from "./list-voices";
import { deleteVoiceOver, getVoiceOver, listVoiceOvers, readVoiceOverAudio } from "./voice-overs";

const idParam = z.object({ id: z.string().uuid("not a voice-over id") });

export function voiceRoutes(services: Services) {
  // The live engine: a speech connection made on the admin's page applies at once.
  const speech = services.speech;
  const deps = { db: services.database.db, storage: services.storage, speech };
  services.jobs.define(voiceJobKind({ ...deps, logger: services.logger }));
  const userOf = (c: Context<AppEnv>) => c.get("session").user.id;
  const idOf = (c: Context<AppEnv>) => parseWith(idParam, c.req.param()).id;

  return new Hono<AppEnv>()
    .get("/voices", (c) => c.json(listVoices(speech)))
    .post("/text-to-voice", async (c) => {
      const userId = userOf(c);
      const input = await readJson(c, textToVoiceSchema);
      return c.json(await createVoiceOver({ ...deps, jobs: services.jobs }, userId, input, c.req.raw.signal));
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
