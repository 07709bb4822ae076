// Open models that run inside Tessera (llama.cpp, GGUF files): the curated list an admin downloads
// from, what GET /api/admin/local-models answers (download progress included), what POST takes, and
// the words a waiting person reads. A ready model is offered in the picker as `gguf/<name>`.
import { z } from "zod";
import { httpUrlSchema } from "./http-url";

/** Ids of the models that run in process: `gguf/qwen2.5-0.5b-instruct-q4_k_m`. */
export const LOCAL_MODEL_PREFIX = "gguf/";

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

export interface LocalCatalogueModel {
  /** Stable id for POST {catalogueId}. */
  id: string;
  name: string;
  description: string;
  /** The licence's own page, where it has one outside the model's repository. */
  licence: { name: string; url?: string };
  /** The hub repository and the file in it; the download comes from HF_ENDPOINT (a mirror works). */
  repo: string;
  file: string;
  /** About this many bytes (the download's own length is what the disk is checked against). */
  sizeBytes: number;
  /** Memory it needs loaded with a 4,096-token context: the file, the context's cache and buffers. */
  memoryBytes: number;
  /** Tokens a second when answering on a 2-core CPU with one thread. */
  tokensPerSecond: number;
  /** `measured`: bench row 9 (files of this shape); `estimated`: scaled from those by size. */
  speedBasis: "measured" | "estimated";
  /**
   * The file's SHA-256 when Tessera knows it; otherwise the download is checked against the SHA-256
   * the hub sends for its files (their ETag), and the admin's page says which.
   */
  sha256: string | null;
}

const MB = 1_000_000;
const GB = 1_000_000_000;

/** Instruct models small enough for a CPU, Q4_K_M (about 4.8 bits a weight). */
export const LOCAL_MODEL_CATALOGUE: readonly LocalCatalogueModel[] = [
  {
    id: "qwen2.5-0.5b-instruct",
    name: "Qwen2.5 0.5B Instruct",
    description: "The quickest: short answers, summaries and rewording on any machine.",
    licence: { name: "Apache 2.0", url: "https://www.apache.org/licenses/LICENSE-2.0" },
    repo: "Qwen/Qwen2.5-0.5B-Instruct-GGUF",
    file: "qwen2.5-0.5b-instruct-q4_k_m.gguf",
    sizeBytes: 491 * MB,
    memoryBytes: 750 * MB,
    tokensPerSecond: 35,
    speedBasis: "measured",
    sha256: null,
  },
  {
    id: "qwen2.5-1.5b-instruct",
    name: "Qwen2.5 1.5B Instruct",
    description: "A good balance of quality and speed for everyday questions and writing.",
    licence: { name: "Apache 2.0", url: "https://www.apache.org/licenses/LICENSE-2.0" },
    repo: "Qwen/Qwen2.5-1.5B-Instruct-GGUF",
    file: "qwen2.5-1.5b-instruct-q4_k_m.gguf",
    sizeBytes: 1_120 * MB,
    memoryBytes: 1.6 * GB,
    tokensPerSecond: 12,
    speedBasis: "measured",
    sha256: null,
  },
  {
    id: "qwen2.5-3b-instruct",
    name: "Qwen2.5 3B Instruct",
    description: "Noticeably better reasoning and code; slow on two cores.",
    // Its licence text is in the model's repository on the hub.
    licence: { name: "Qwen Research Licence (non-commercial)" },
    repo: "Qwen/Qwen2.5-3B-Instruct-GGUF",
    file: "qwen2.5-3b-instruct-q4_k_m.gguf",
    sizeBytes: 2_100 * MB,
    memoryBytes: 2.6 * GB,
    tokensPerSecond: 6,
    speedBasis: "estimated",
    sha256: null,
  },
  {
    id: "llama-3.2-1b-instruct",
    name: "Llama 3.2 1B Instruct",
    description: "Meta's smallest chat model: multilingual, quick, good at following instructions.",
    licence: {
      name: "Llama 3.2 Community Licence",
      url: "https://www.llama.com/llama3_2/license/",
    },
    repo: "bartowski/Llama-3.2-1B-Instruct-GGUF",
    file: "Llama-3.2-1B-Instruct-Q4_K_M.gguf",
    sizeBytes: 808 * MB,
    memoryBytes: 1.4 * GB,
    tokensPerSecond: 16,
    speedBasis: "estimated",
    sha256: null,
  },
  {
    id: "llama-3.2-3b-instruct",
    name: "Llama 3.2 3B Instruct",
    description: "Meta's 3B chat model: better answers than the 1B at about a third of its speed.",
    licence: {
      name: "Llama 3.2 Community Licence",
      url: "https://www.llama.com/llama3_2/license/",
    },
    repo: "bartowski/Llama-3.2-3B-Instruct-GGUF",
    file: "Llama-3.2-3B-Instruct-Q4_K_M.gguf",
    sizeBytes: 2_020 * MB,
    memoryBytes: 2.9 * GB,
    tokensPerSecond: 6,
    speedBasis: "estimated",
    sha256: null,
  },
  {
    id: "smollm2-1.7b-instruct",
    name: "SmolLM2 1.7B Instruct",
    description: "Hugging Face's compact model, trained for on-device use; English first.",
    licence: { name: "Apache 2.0", url: "https://www.apache.org/licenses/LICENSE-2.0" },
    repo: "HuggingFaceTB/SmolLM2-1.7B-Instruct-GGUF",
    file: "smollm2-1.7b-instruct-q4_k_m.gguf",
    sizeBytes: 1_060 * MB,
    memoryBytes: 1.8 * GB,
    tokensPerSecond: 11,
    speedBasis: "estimated",
    sha256: null,
  },
  {
    id: "gemma-3-1b-it",
    name: "Gemma 3 1B Instruct",
    description: "Google's smallest Gemma 3: good writing for its size, 140 languages.",
    licence: { name: "Gemma Terms of Use", url: "https://ai.google.dev/gemma/terms" },
    repo: "ggml-org/gemma-3-1b-it-GGUF",
    file: "gemma-3-1b-it-Q4_K_M.gguf",
    sizeBytes: 806 * MB,
    memoryBytes: 1.2 * GB,
    tokensPerSecond: 15,
    speedBasis: "estimated",
    sha256: null,
  },
  {
    id: "phi-3.5-mini-instruct",
    name: "Phi-3.5 mini Instruct",
    description:
      "Microsoft's 3.8B model: strong at reasoning and code for its size; needs patience on a CPU.",
    licence: { name: "MIT", url: "https://opensource.org/license/mit" },
    repo: "bartowski/Phi-3.5-mini-instruct-GGUF",
    file: "Phi-3.5-mini-instruct-Q4_K_M.gguf",
    sizeBytes: 2_390 * MB,
    memoryBytes: 3.9 * GB,
    tokensPerSecond: 5,
    speedBasis: "estimated",
    sha256: null,
  },
];

export const findLocalCatalogueModel = (id: string) => LOCAL_MODEL_CATALOGUE.find((m) => m.id === id);

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

/** What a person reads while their answer waits for the model (chat stream `status` event). */
export const localModelWaitText = (ahead: number) => `Waiting for the local model: ${ahead} ahead`;
export const LOCAL_MODEL_LOADING_TEXT = "Loading the local model…";
export const LOCAL_MODEL_READING_TEXT = "Reading your message…";
