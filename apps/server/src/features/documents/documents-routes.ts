import { createDocumentSchema } from "@tessera/contracts";
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../lib/context";
import { parseWith, readJson } from "../../lib/validate";
import { createDocument, deleteDocument, getDocument, listDocuments } from "./documents";

const idParam = z.object({ id: z.string().uuid("not a document id") });

export function documentsRoutes(db: Database) {
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(await listDocuments(db, c.get("session").user.id)))
    .post("/", async (c) =>
      c.json(
        await createDocument(db, c.get("session").user.id, await readJson(c, createDocumentSchema)),
        201,
      ),
    )
    .get("/:id", async (c) =>
      c.json(await getDocument(db, c.get("session").user.id, parseWith(idParam, c.req.param()).id)),
    )
    .delete("/:id", async (c) => {
      await deleteDocument(db, c.get("session").user.id, parseWith(idParam, c.req.param()).id);
      return c.body(null, 204);
    });
}
