// Open models that run inside Tessera (llama.cpp, GGUF files): what GET /api/admin/local-models
// answers (download progress included) and what POST takes. The curated list and the words a waiting
// person reads are in local-model-catalogue.ts.
import { z } from "zod";
import { httpUrlSchema } from "./http-url";

/** A local model's name: its file's name without `.gguf`, lower-case; also its id after the prefix. */
export const localModelNameSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9._-]{0,99}$/, "use 1–100 lower-case letters, digits, dots, dashes or underscores");

export const sha256Schema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, "must be 64 hexadecimal characters");

export const addLocalCatalogueModelSchema = z.strictObject({
  catalogueId: z.string().trim().min(1).max(100),
});
export const addLocalModelByUrlSchema = z.strictObject({
  url: httpUrlSchema(),
  /** The file's SHA-256 when the admin knows it; otherwise the server's ETag is used, when it is one. */
  sha256: sha256Schema.optional(),
  /** Defaults to the file's name without `.gguf`. */
  name: localModelNameSchema.optional(),
});
export const addLocalModelFileSchema = z.strictObject({
  /** A file under the server's models folder (DATA_DIR/models), relative to it. */
  path: z.string().trim().min(1).max(500),
});
/** POST /api/admin/local-models: one of a catalogue model, a file's address, or a file on the server. */
export const addLocalModelSchema = z.union([
  addLocalCatalogueModelSchema,
  addLocalModelByUrlSchema,
  addLocalModelFileSchema,
]);
export type AddLocalModel = z.infer<typeof addLocalModelSchema>;

export const localModelStatusSchema = z.enum(["downloading", "ready", "failed"]);
export type LocalModelStatus = z.infer<typeof localModelStatusSchema>;

/** What the file's checksum was checked against, or null while it downloads (or when nothing could). */
export const checksumSourceSchema = z.enum(["catalogue", "admin", "etag"]);

export const localModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The picker's id: `gguf/<name>`. */
  modelId: z.string(),
  source: z.enum(["catalogue", "url", "file"]),
  catalogueId: z.string().nullable(),
  url: z.string().nullable(),
  /** The file's name inside the models folder. */
  file: z.string(),
  status: localModelStatusSchema,
  /** Null until the server said how long the file is. */
  sizeBytes: z.number().nullable(),
  downloadedBytes: z.number(),
  /** Over the last few seconds; null when not downloading. */
  bytesPerSecond: z.number().nullable(),
  /** At the current speed; null when not downloading or unknown. */
  secondsLeft: z.number().nullable(),
  /** The file's SHA-256 once downloaded (or computed), and what it was checked against. */
  sha256: z.string().nullable(),
  checksumSource: checksumSourceSchema.nullable(),
  /** Why it failed, for the admin; a resumable download says so. */
  error: z.string().nullable(),
  /** True when a failed download kept its partial file and Retry goes on from there. */
  resumable: z.boolean(),
  /** Read from the file once it is complete. */
  details: z
    .object({
      architecture: z.string(),
      parameters: z.string().nullable(),
      contextLength: z.number().nullable(),
      chatTemplate: z.boolean(),
    })
    .nullable(),
  /** Memory it needs loaded (estimate), when known. */
  memoryBytes: z.number().nullable(),
  /** True while loaded in the process that answered. */
  loaded: z.boolean(),
  createdAt: z.string(),
});
export type LocalModel = z.infer<typeof localModelSchema>;

export const localModelsResponseSchema = z.object({
  models: z.array(localModelSchema),
  /** `.gguf` files in the models folder that are not added yet (for "add a file on the server"). */
  files: z.array(z.object({ path: z.string(), sizeBytes: z.number() })),
  /** Where model repositories are downloaded from (HF_ENDPOINT), for links to their pages. */
  hub: z.string(),
  /** The models folder as the server sees it, to tell the admin where to put files. */
  folder: z.string(),
  freeDiskBytes: z.number().nullable(),
  freeMemoryBytes: z.number(),
  runtime: z.object({
    threads: z.number().int(),
    concurrency: z.number().int(),
    idleSeconds: z.number().int(),
    contextSize: z.number().int(),
    gpu: z.string(),
  }),
});
export type LocalModelsResponse = z.infer<typeof localModelsResponseSchema>;
