// An embedder on a server that speaks OpenAI's embeddings API (OpenAI, Ollama, llama.cpp's server,
// vLLM, LM Studio…): POST {baseURL}/embeddings {model, input: [...]}, in batches. Its size is learned
// from the first answer; every later answer must keep it, or the set of vectors would mix sizes.
import { unitLength, type Embedder } from "./embedder";

export interface OpenAiEmbedderOptions {
  /** Stored with every vector (`connection:<id>:<model>`). */
  id: string;
  /** Up to and including the version: `https://api.openai.com/v1`, `http://localhost:11434/v1`. */
  baseURL: string;
  model: string;
  apiKey?: string;
  /** The connection's client (guarded, its own address trusted). */
  fetch: typeof globalThis.fetch;
  /** Texts sent in one request. */
  batch?: number;
}

export interface OpenAiEmbedder extends Embedder {
  /** 0 until the first answer told it. */
  readonly dims: number;
}

/** Longer texts are cut: servers refuse input past their context (nomic-embed-text: 2,048 tokens). */
const TEXT_MAX = 6_000;
const BATCH = 32;

type Answer = { data?: { embedding?: unknown; index?: unknown }[]; error?: { message?: unknown } | string };

export function createOpenAiEmbedder(opts: OpenAiEmbedderOptions): OpenAiEmbedder {
  const url = `${opts.baseURL.replace(/\/+$/, "")}/embeddings`;
  const batch = opts.batch ?? BATCH;
  let dims = 0;
  const redact = (text: string) =>
    opts.apiKey && opts.apiKey.length >= 4 ? text.split(opts.apiKey).join("[key]") : text;

  async function embedBatch(texts: string[]): Promise<number[][]> {
    const res = await opts.fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: opts.model, input: texts.map((t) => t.slice(0, TEXT_MAX) || " ") }),
    });
    const text = await res.text();
    let body: Answer | undefined;
    try {
      body = JSON.parse(text) as Answer;
    } catch {
      body = undefined;
    }
    if (!res.ok) {
      const said = typeof body?.error === "string" ? body.error : body?.error?.message;
      const why = typeof said === "string" && said ? said : text.slice(0, 200) || res.statusText;
      throw new Error(redact(`The embeddings server answered ${res.status}: ${why}`));
    }
    if (!body || !Array.isArray(body.data))
      throw new Error("The embeddings server's answer is not an OpenAI embeddings list.");
    if (body.data.length !== texts.length)
      throw new Error(
        `The embeddings server answered ${body.data.length} vectors for ${texts.length} texts.`,
      );
    // OpenAI answers in order, with an index each; a server that reorders still says which is which.
    const ordered = body.data
      .map((d, i) => ({ at: typeof d.index === "number" ? d.index : i, embedding: d.embedding }))
      .sort((a, b) => a.at - b.at);
    return ordered.map(({ embedding }) => {
      if (!Array.isArray(embedding) || !embedding.length || !embedding.every((x) => Number.isFinite(x)))
        throw new Error("The embeddings server answered something that is not a vector of numbers.");
      if (dims === 0) dims = embedding.length;
      else if (embedding.length !== dims)
        throw new Error(
          `The embeddings server answered a vector of ${embedding.length} numbers, not ${dims}.`,
        );
      return unitLength(embedding as number[]);
    });
  }

  return {
    id: opts.id,
    get dims() {
      return dims;
    },
    async embed(texts) {
      const out: number[][] = [];
      for (let at = 0; at < texts.length; at += batch)
        out.push(...(await embedBatch(texts.slice(at, at + batch))));
      return out;
    },
  };
}
