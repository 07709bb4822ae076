import { createApiKeySchema } from "@tessera/contracts";
import { Hono } from "hono";
import { z } from "zod";
import { auditFrom } from "../../audit/audit-from";
import { recordAudit } from "../../audit/record-audit";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../lib/context";
import { parseWith, readJson } from "../../lib/validate";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys";

const idParam = z.object({ id: z.string().uuid("not an API key id") });

export function apiKeysRoutes(db: Database) {
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json({ keys: await listApiKeys(db, c.get("session").user.id) }))
    .post("/", async (c) => {
      const created = await createApiKey(db, c.get("session").user.id, await readJson(c, createApiKeySchema));
      await recordAudit(db, {
        ...auditFrom(c),
        action: "api_key.created",
        target: { type: "api_key", id: created.id },
        changes: { name: created.name, start: created.start, expiresAt: created.expiresAt },
      });
      return c.json(created, 201);
    })
    .delete("/:id", async (c) => {
      const { id } = parseWith(idParam, c.req.param());
      await revokeApiKey(db, c.get("session").user.id, id);
      await recordAudit(db, { ...auditFrom(c), action: "api_key.revoked", target: { type: "api_key", id } });
      return c.body(null, 204);
    });
}
