import { createApiKeySchema } from "@tessera/contracts";
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../lib/context";
import { parseWith, readJson } from "../../lib/validate";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys";

const idParam = z.object({ id: z.string().uuid("not an API key id") });

export function apiKeysRoutes(db: Database) {
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json({ keys: await listApiKeys(db, c.get("session").user.id) }))
    .post("/", async (c) =>
      c.json(await createApiKey(db, c.get("session").user.id, await readJson(c, createApiKeySchema)), 201),
    )
    .delete("/:id", async (c) => {
      await revokeApiKey(db, c.get("session").user.id, parseWith(idParam, c.req.param()).id);
      return c.body(null, 204);
    });
}
