// Admin → Connections: the instance admin's providers and keys, each connection's test and model
// list, and the admin's layer over the model catalogue. Everyone else gets 403.
import {
  addModelToCatalogueSchema,
  createConnectionSchema,
  updateCatalogueModelSchema,
  updateConnectionSchema,
} from "@tessera/contracts";
import { Hono, type Context } from "hono";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { readJson } from "../../lib/validate";
import { readAdminCatalogue } from "./admin-catalogue";
import { addCatalogueModel, removeCatalogueModel, updateCatalogueModel } from "./change-catalogue";
import type { ConnectionsDeps } from "./connections-deps";
import { createConnection } from "./create-connection";
import { deleteConnection } from "./delete-connection";
import { listConnections } from "./list-connections";
import { listConnectionModels, testConnection } from "./test-connection";
import { updateConnection } from "./update-connection";

export function connectionsRoutes(deps: ConnectionsDeps & { adminEmails: readonly string[] }) {
  const admin = (c: Context<AppEnv>) => {
    const { user } = c.get("session");
    if (user.role !== "admin" && !deps.adminEmails.includes(user.email.toLowerCase()))
      throw new AppError("FORBIDDEN", "Only administrators of this instance can manage connections.");
  };
  const id = (c: Context<AppEnv>) => c.req.param("id") ?? "";
  return new Hono<AppEnv>()
    .get("/connections", async (c) => {
      admin(c);
      return c.json(await listConnections(deps));
    })
    .post("/connections", async (c) => {
      admin(c);
      return c.json(await createConnection(deps, await readJson(c, createConnectionSchema)), 201);
    })
    .patch("/connections/:id", async (c) => {
      admin(c);
      return c.json(await updateConnection(deps, id(c), await readJson(c, updateConnectionSchema)));
    })
    .delete("/connections/:id", async (c) => {
      admin(c);
      await deleteConnection(deps, id(c));
      return c.body(null, 204);
    })
    .post("/connections/:id/test", async (c) => {
      admin(c);
      return c.json(await testConnection(deps, id(c)));
    })
    .get("/connections/:id/models", async (c) => {
      admin(c);
      return c.json(await listConnectionModels(deps, id(c)));
    })
    .get("/models", async (c) => {
      admin(c);
      return c.json(await readAdminCatalogue(deps));
    })
    .post("/models", async (c) => {
      admin(c);
      return c.json(await addCatalogueModel(deps, await readJson(c, addModelToCatalogueSchema)), 201);
    })
    .patch("/models/:modelId", async (c) => {
      admin(c);
      const body = await readJson(c, updateCatalogueModelSchema);
      return c.json(await updateCatalogueModel(deps, c.req.param("modelId"), body));
    })
    .delete("/models/:modelId", async (c) => {
      admin(c);
      await removeCatalogueModel(deps, c.req.param("modelId"));
      return c.body(null, 204);
    });
}
