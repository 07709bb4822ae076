// Admin → Connections → Embedding model: GET the state, PUT a choice (re-embeds in the background),
// POST /test a connection's model. Instance admins only; everyone else gets 403.
import { embeddingChoiceSchema, embeddingTestRequestSchema } from "@tessera/contracts";
import { Hono, type Context } from "hono";
import { auditFrom } from "../../audit/audit-from";
import { recordAudit } from "../../audit/record-audit";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { readJson } from "../../lib/validate";
import { chooseEmbeddingModel } from "./choose-embedding-model";
import type { EmbeddingsDeps } from "./embeddings-deps";
import { readEmbeddingsStatus } from "./read-embeddings-status";
import { testEmbeddingModel } from "./test-embedding-model";

export function embeddingsRoutes(deps: EmbeddingsDeps & { adminEmails: readonly string[] }) {
  const admin = (c: Context<AppEnv>) => {
    const { user } = c.get("session");
    if (user.role !== "admin" && !deps.adminEmails.includes(user.email.toLowerCase()))
      throw new AppError("FORBIDDEN", "Only administrators of this instance can choose the embedding model.");
    return user;
  };
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      admin(c);
      return c.json(await readEmbeddingsStatus(deps));
    })
    .put("/", async (c) => {
      const user = admin(c);
      const choice = await readJson(c, embeddingChoiceSchema);
      await chooseEmbeddingModel(deps, choice, user.id);
      await recordAudit(deps.db, {
        ...auditFrom(c),
        action: "settings.changed",
        target: {
          type: "embedding_model",
          id: choice.source === "connection" ? choice.connectionId : "builtin",
        },
        changes: { embeddingModel: choice },
      });
      return c.json(await readEmbeddingsStatus(deps));
    })
    .post("/test", async (c) => {
      admin(c);
      return c.json(await testEmbeddingModel(deps, await readJson(c, embeddingTestRequestSchema)));
    });
}
