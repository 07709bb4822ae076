import { createPromptSchema, promptCategorySchema, updatePromptSchema } from "@tessera/contracts";
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../lib/context";
import { parseWith, readJson } from "../../lib/validate";
import { createPrompt, deletePrompt, getPrompt, listPrompts, updatePrompt, usePrompt } from "./prompts";

const idParam = z.object({ id: z.string().uuid("not a prompt id") });
const listQuery = z.object({
  category: promptCategorySchema.optional(),
  q: z.string().trim().max(200).optional(),
});

export function promptsRoutes(db: Database) {
  const user = (c: { get: (k: "session") => { user: { id: string } } }) => c.get("session").user.id;
  const id = (c: { req: { param: () => Record<string, string> } }) => parseWith(idParam, c.req.param()).id;
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(await listPrompts(db, user(c), parseWith(listQuery, c.req.query()))))
    .post("/", async (c) =>
      c.json(await createPrompt(db, user(c), await readJson(c, createPromptSchema)), 201),
    )
    .get("/:id", async (c) => c.json(await getPrompt(db, user(c), id(c))))
    .patch("/:id", async (c) =>
      c.json(await updatePrompt(db, user(c), id(c), await readJson(c, updatePromptSchema))),
    )
    .delete("/:id", async (c) => {
      await deletePrompt(db, user(c), id(c));
      return c.body(null, 204);
    })
    .post("/:id/use", async (c) => c.json(await usePrompt(db, user(c), id(c))));
}
