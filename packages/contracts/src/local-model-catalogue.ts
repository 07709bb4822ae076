// Open models that run inside Tessera (llama.cpp, GGUF files): the curated list an admin downloads
// from, and the words a waiting person reads. A ready model is offered in the picker as
// `gguf/<name>`. Without schemas (local-models.ts has them), so the chat's first screen reads them
// without the schema library.

/** Ids of the models that run in process: `gguf/qwen2.5-0.5b-instruct-q4_k_m`. */
export const LOCAL_MODEL_PREFIX = "gguf/";

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

/** What a person reads while their answer waits for the model (chat stream `status` event). */
export const localModelWaitText = (ahead: number) => `Waiting for the local model: ${ahead} ahead`;
export const LOCAL_MODEL_LOADING_TEXT = "Loading the local model…";
export const LOCAL_MODEL_READING_TEXT = "Reading your message…";
