// Admin → Connections → Embedding model: which model turns documents into vectors for retrieval by
// meaning (the built-in offline one, or a model of a connection that serves OpenAI's /embeddings),
// the background re-embedding a change starts, and how nearest chunks are found.
import { z } from "zod";
import type { ConnectionKind } from "./connections";
import { vectorModeSchema } from "./knowledge";

/** The connection kinds whose servers answer OpenAI's POST /embeddings. */
export const EMBEDDING_CONNECTION_KINDS = [
  "openai",
  "openai-compatible",
  "openrouter",
] as const satisfies readonly ConnectionKind[];

export const EMBEDDING_MODEL_NAME_MAX = 200;

const modelNameSchema = z
  .string()
  .trim()
  .min(1, "must not be blank")
  .max(EMBEDDING_MODEL_NAME_MAX)
  .regex(/^\S+$/, "must be a model name without spaces");

export const embeddingChoiceSchema = z.discriminatedUnion("source", [
  z.object({ source: z.literal("builtin") }).strict(),
  z
    .object({
      source: z.literal("connection"),
      connectionId: z.string().uuid("not a connection id"),
      model: modelNameSchema,
    })
    .strict(),
]);
export type EmbeddingChoice = z.infer<typeof embeddingChoiceSchema>;

/** POST /api/admin/embeddings/test: embeds one sentence with a connection's model. */
export const embeddingTestRequestSchema = z
  .object({ connectionId: z.string().uuid("not a connection id"), model: modelNameSchema })
  .strict();
export type EmbeddingTestRequest = z.infer<typeof embeddingTestRequestSchema>;

export const embeddingTestSchema = z.object({
  ok: z.boolean(),
  /** The size of the vector it answered; null when it failed. */
  dims: z.number().int().positive().nullable(),
  ms: z.number().int().nonnegative(),
  /** Why it failed, in the server's words; null when it worked. */
  error: z.string().nullable(),
});
export type EmbeddingTest = z.infer<typeof embeddingTestSchema>;

/** How one set of vectors is searched: pgvector's HNSW index, one in memory, or exact similarity. */
export const generationSchema = z.object({
  /** `use-lite-512`, or `connection:<id>:<model>`. */
  id: z.string(),
  source: z.enum(["builtin", "connection"]),
  connectionName: z.string().nullable(),
  model: z.string(),
  /** 0 until the model's first answer. */
  dims: z.number().int().nonnegative(),
  vectors: vectorModeSchema,
});
export type Generation = z.infer<typeof generationSchema>;

export const embeddingsStatusSchema = z.object({
  /** EMBEDDINGS=off on the server: words only, nothing to choose. */
  enabled: z.boolean(),
  choice: embeddingChoiceSchema,
  /** The set search reads now; null: none yet (words only). */
  current: generationSchema.nullable(),
  /** A new model's set being built (or stopped, with why); search keeps `current` meanwhile. */
  building: generationSchema
    .extend({
      state: z.enum(["building", "failed"]),
      done: z.number().int().nonnegative(),
      total: z.number().int().nonnegative(),
      error: z.string().nullable(),
    })
    .nullable(),
  /** The database's: pgvector (the extension is there), memory (PGlite) or exact; as /api/health says. */
  vectors: vectorModeSchema,
  /** Connections that can serve embeddings. */
  connections: z.array(
    z.object({ id: z.string(), name: z.string(), kind: z.string(), enabled: z.boolean() }),
  ),
});
export type EmbeddingsStatus = z.infer<typeof embeddingsStatusSchema>;
