import { createAssistantSchema, updateAssistantSchema } from "@tessera/contracts";
import { Hono } from "hono";
import { z } from "zod";
import { requireFeature } from "../../billing/plans";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../lib/context";
import { parseWith, readJson } from "../../lib/validate";
import {
  createAssistant,
  deleteAssistant,
  getAssistant,
  listAssistants,
  setFavorite,
  updateAssistant,
} from "./assistants";

const idParam = z.object({ id: z.string().uuid("not an assistant id") });

export function assistantsRoutes(db: Database) {
  const user = (c: { get: (k: "session") => { user: { id: string } } }) => c.get("session").user.id;
  const id = (c: { req: { param: () => Record<string, string> } }) => parseWith(idParam, c.req.param()).id;
  return (
    new Hono<AppEnv>()
      .get("/", async (c) => c.json(await listAssistants(db, user(c))))
      // Making and changing one's own assistants is a Max feature; using them is not.
      .post("/", async (c) => {
        await requireFeature(db, user(c), "customAssistants");
        return c.json(await createAssistant(db, user(c), await readJson(c, createAssistantSchema)), 201);
      })
      .get("/:id", async (c) => c.json(await getAssistant(db, user(c), id(c))))
      .patch("/:id", async (c) => {
        await requireFeature(db, user(c), "customAssistants");
        return c.json(await updateAssistant(db, user(c), id(c), await readJson(c, updateAssistantSchema)));
      })
      .delete("/:id", async (c) => {
        await deleteAssistant(db, user(c), id(c));
        return c.body(null, 204);
      })
      .put("/:id/favorite", async (c) => c.json(await setFavorite(db, user(c), id(c), true)))
      .delete("/:id/favorite", async (c) => c.json(await setFavorite(db, user(c), id(c), false)))
  );
}
