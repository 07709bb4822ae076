// Admin → Connections: the instance admin's providers and keys, each connection's test and model
// list, and the admin's layer over the model catalogue. Everyone else gets 403.
import {
  addModelToCatalogueSchema,
  createConnectionSchema,
  updateCatalogueModelSchema,
  updateConnectionSchema,
} from "@tessera/contracts";
import { Hono, type Context } from "hono";
import { auditFrom } from "../../audit/audit-from";
import { recordAudit, type AuditEntry } from "../../audit/record-audit";
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
  // Keys never reach the log (recordAudit redacts them): only that one was set or removed.
  const audit = (c: Context<AppEnv>, entry: Omit<AuditEntry, "actor" | "ip">) =>
    recordAudit(deps.db, { ...auditFrom(c), ...entry });
  return new Hono<AppEnv>()
    .get("/connections", async (c) => {
      admin(c);
      return c.json(await listConnections(deps));
    })
    .post("/connections", async (c) => {
      admin(c);
      const input = await readJson(c, createConnectionSchema);
      const created = await createConnection(deps, input);
      await audit(c, {
        action: "connection.created",
        target: { type: "connection", id: created.id },
        changes: { ...input, kind: created.kind, name: created.name, baseUrl: created.baseUrl },
      });
      return c.json(created, 201);
    })
    .patch("/connections/:id", async (c) => {
      admin(c);
      const input = await readJson(c, updateConnectionSchema);
      const updated = await updateConnection(deps, id(c), input);
      await audit(c, {
        action: "connection.updated",
        target: { type: "connection", id: updated.id },
        // The address as stored: a mail server's password stays out of it.
        changes: { ...input, ...(input.baseUrl === undefined ? {} : { baseUrl: updated.baseUrl }) },
      });
      return c.json(updated);
    })
    .delete("/connections/:id", async (c) => {
      admin(c);
      await deleteConnection(deps, id(c));
      await audit(c, { action: "connection.deleted", target: { type: "connection", id: id(c) } });
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
      const input = await readJson(c, addModelToCatalogueSchema);
      const added = await addCatalogueModel(deps, input);
      await audit(c, {
        action: "catalogue.model_added",
        target: { type: "model", id: added.id },
        changes: input,
      });
      return c.json(added, 201);
    })
    .patch("/models/:modelId", async (c) => {
      admin(c);
      const body = await readJson(c, updateCatalogueModelSchema);
      const updated = await updateCatalogueModel(deps, c.req.param("modelId"), body);
      await audit(c, {
        action: "catalogue.model_updated",
        target: { type: "model", id: c.req.param("modelId") },
        changes: body,
      });
      return c.json(updated);
    })
    .delete("/models/:modelId", async (c) => {
      admin(c);
      await removeCatalogueModel(deps, c.req.param("modelId"));
      await audit(c, {
        action: "catalogue.model_removed",
        target: { type: "model", id: c.req.param("modelId") },
      });
      return c.body(null, 204);
    });
}
