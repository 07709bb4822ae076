// Image creator routes: the models, starting a generation job (202 with the pending row), one's
// images newest first, one image for polling its status, and deleting one. The image bytes are served
// from storage's public URL (/files/… for the local folder) with their content type.
import { imageGenerationRequestSchema, imageListQuerySchema } from "@tessera/contracts";
import { Hono } from "hono";
import { z } from "zod";
import type { Services } from "../../bootstrap";
import type { AppEnv } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { enforceLimit } from "../../lib/rate-limiter";
import { parseWith, readJson } from "../../lib/validate";
import { deleteImage } from "./delete-image";
import { expireStaleImages } from "./expire-stale-images";
import { getImage, listImages } from "./list-images";
import { imageJobKind } from "./run-image-job";
import { startImageGeneration } from "./start-image-generation";

const uuid = z.uuid();

/** The schema's own first message, without a field prefix: each one is written as a sentence. */
const firstMessage = (error: z.ZodError) => error.issues[0]?.message ?? "Invalid request.";

export function imagesRoutes(services: Services) {
  const { env, logger, storage } = services;
  const db = services.database.db;
  // The live registry: image connections made on the admin's page apply at once.
  const registry = services.images;
  const deps = { db, storage, logger, registry, timeoutMs: env.IMAGE_TIMEOUT_MS, jobs: services.jobs };
  services.jobs.define(imageJobKind(deps));
  if (env.OPENAI_IMAGES_BASE_URL && env.OPENAI_IMAGES_MODELS.length === 0)
    logger.warn(
      { event: "images.no_models" },
      "OPENAI_IMAGES_BASE_URL is set but OPENAI_IMAGES_MODELS names no model: none of its models are listed",
    );
  // Jobs a stopped server left behind end as failed at start-up.
  void expireStaleImages(db, { timeoutMs: env.IMAGE_TIMEOUT_MS })
    .then((n) => n > 0 && logger.info({ event: "images.expired", count: n }, "ended unfinished image jobs"))
    .catch((err: unknown) =>
      logger.warn({ event: "images.expire_failed", err }, "could not end stale image jobs"),
    );

  const userId = (c: { get: (k: "session") => { user: { id: string } } }) => c.get("session").user.id;
  const imageId = (c: { req: { param: (k: "id") => string } }) => {
    const id = c.req.param("id");
    if (!uuid.safeParse(id).success) throw notFound("No such image.");
    return id;
  };

  return new Hono<AppEnv>()
    .get("/image-models", (c) => c.json({ models: registry.list(), defaultModel: registry.defaultModel() }))
    .post("/image-generation", async (c) => {
      const input = parseWith(imageGenerationRequestSchema, await readJson(c, z.unknown()), firstMessage);
      const who = userId(c);
      await enforceLimit(
        services.limiter,
        `images:${who}`,
        { windowMs: 60_000, max: env.RATE_LIMIT_IMAGES },
        (wait) => `You are starting images too quickly. Try again in ${wait} s.`,
      );
      const { image } = await startImageGeneration(deps, who, input, { follow: false });
      return c.json(image, 202);
    })
    .get("/images", async (c) => {
      const { limit } = parseWith(imageListQuerySchema, c.req.query(), firstMessage);
      return c.json(await listImages(deps, userId(c), limit));
    })
    .get("/images/:id", async (c) => c.json(await getImage(deps, userId(c), imageId(c))))
    .delete("/images/:id", async (c) => {
      await deleteImage(deps, userId(c), imageId(c));
      return c.body(null, 204);
    });
}
