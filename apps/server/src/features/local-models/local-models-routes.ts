// Admin → Local models: the open models that run in this process, their downloads with progress, and
// files placed in the models folder. Instance admins only; everyone else gets 403.
import {
  addLocalCatalogueModelSchema,
  addLocalModelByUrlSchema,
  addLocalModelFileSchema,
  type AddLocalModel,
} from "@tessera/contracts";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { auditFrom } from "../../audit/audit-from";
import { recordAudit } from "../../audit/record-audit";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { parseWith, readJson } from "../../lib/validate";
import { addLocalModel } from "./add-local-model";
import { listLocalModels } from "./list-local-models";
import type { LocalModelsDeps } from "./local-models-deps";
import { removeLocalModel } from "./remove-local-model";
import { retryDownload } from "./retry-download";

const idParam = z.object({ id: z.string().uuid("not a local model's id") });

/** One of the three bodies, told apart by its key, so that a mistake is named in its own terms. */
function parseAdd(body: unknown): AddLocalModel {
  const keys = body && typeof body === "object" ? Object.keys(body) : [];
  if (keys.includes("catalogueId")) return parseWith(addLocalCatalogueModelSchema, body);
  if (keys.includes("url")) return parseWith(addLocalModelByUrlSchema, body);
  if (keys.includes("path")) return parseWith(addLocalModelFileSchema, body);
  throw new AppError("VALIDATION_FAILED", "Send one of {catalogueId}, {url} or {path}.");
}

export function localModelsRoutes(deps: LocalModelsDeps & { adminEmails: readonly string[] }) {
  const admin = (c: Context<AppEnv>) => {
    const { user } = c.get("session");
    if (user.role !== "admin" && !deps.adminEmails.includes(user.email.toLowerCase()))
      throw new AppError("FORBIDDEN", "Only administrators of this instance can manage local models.");
    return user;
  };
  const id = (c: Context<AppEnv>) => parseWith(idParam, c.req.param()).id;
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      admin(c);
      return c.json(await listLocalModels(deps));
    })
    .post("/", async (c) => {
      const user = admin(c);
      const added = await addLocalModel(deps, user.id, parseAdd(await readJson(c, z.unknown())));
      await recordAudit(deps.db, {
        ...auditFrom(c),
        action: "local_model.added",
        target: { type: "local_model", id: added.id },
        changes: {
          name: added.name,
          source: added.source,
          catalogueId: added.catalogueId,
          url: added.url,
          file: added.file,
        },
      });
      return c.json(added, 201);
    })
    .delete("/:id", async (c) => {
      admin(c);
      await removeLocalModel(deps, id(c));
      await recordAudit(deps.db, {
        ...auditFrom(c),
        action: "local_model.removed",
        target: { type: "local_model", id: id(c) },
      });
      return c.body(null, 204);
    })
    .post("/:id/retry", async (c) => {
      admin(c);
      const retried = await retryDownload(deps, id(c));
      await recordAudit(deps.db, {
        ...auditFrom(c),
        action: "local_model.retried",
        target: { type: "local_model", id: retried.id },
        changes: { name: retried.name },
      });
      return c.json(retried);
    });
}
