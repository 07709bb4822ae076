// GGUF files with the real shapes of Qwen2.5 0.5B and 1.5B Instruct at 4 bits, random weights: speed
// and memory depend on a model's shape and quantisation only. Written with the server tests' GGUF
// writer (apps/server/src/test/gguf-writer.ts). Q4_K where a tensor's rows allow it (a multiple of 256
// values), Q4_0 otherwise, as llama.cpp's own quantiser falls back; embeddings tied, as Qwen2.5's are.
// The vocabulary is Qwen's size: control tokens, the 256 bytes, and filler words.
import { join } from "node:path";
import { serverModule } from "./database";

export interface ModelShape {
  name: string;
  embedding: number;
  layers: number;
  feedForward: number;
  heads: number;
  kvHeads: number;
  vocab: number;
}

export const QWEN25_05B: ModelShape = {
  name: "Qwen2.5 0.5B",
  embedding: 896,
  layers: 24,
  feedForward: 4864,
  heads: 14,
  kvHeads: 2,
  vocab: 151_936,
};
export const QWEN25_15B: ModelShape = {
  name: "Qwen2.5 1.5B",
  embedding: 1536,
  layers: 28,
  feedForward: 8960,
  heads: 12,
  kvHeads: 2,
  vocab: 151_936,
};

type Value = unknown;
interface Tensor {
  name: string;
  dims: number[];
  type: "F32" | "Q4_0" | "Q4_K";
  values?: (index: number) => number;
}
interface Writer {
  writeGguf(path: string, model: { metadata: Record<string, Value>; tensors: Tensor[] }): Promise<number>;
  u32(n: number): Value;
  f32(n: number): Value;
  str(s: string): Value;
  strings(s: string[]): Value;
  floats(n: number[]): Value;
  ints(n: number[]): Value;
}

const CHATML =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/** Writes the shape's file into `dir`; answers its path and size. */
export async function writeShapedGguf(root: string, dir: string, shape: ModelShape) {
  const w = await serverModule<Writer>(root, "test/gguf-writer.ts");
  const tokens = ["<unk>", "<s>", "</s>", "<|im_start|>", "<|im_end|>", "\u2581"];
  const types = [2, 3, 3, 3, 3, 1];
  for (let b = 0; b < 256; b++) {
    tokens.push(`<0x${b.toString(16).toUpperCase().padStart(2, "0")}>`);
    types.push(6);
  }
  for (let i = tokens.length; i < shape.vocab; i++) {
    tokens.push(`\u2581w${i}`);
    types.push(1);
  }
  const quant = (rowLength: number): Tensor["type"] => (rowLength % 256 === 0 ? "Q4_K" : "Q4_0");
  const e = shape.embedding;
  const headDim = e / shape.heads;
  const kv = shape.kvHeads * headDim;
  const one = () => 1;
  const tensors: Tensor[] = [{ name: "token_embd.weight", dims: [e, shape.vocab], type: quant(e) }];
  for (let n = 0; n < shape.layers; n++) {
    const b = `blk.${n}`;
    tensors.push(
      { name: `${b}.attn_norm.weight`, dims: [e], type: "F32", values: one },
      { name: `${b}.attn_q.weight`, dims: [e, e], type: quant(e) },
      { name: `${b}.attn_q.bias`, dims: [e], type: "F32" },
      { name: `${b}.attn_k.weight`, dims: [e, kv], type: quant(e) },
      { name: `${b}.attn_k.bias`, dims: [kv], type: "F32" },
      { name: `${b}.attn_v.weight`, dims: [e, kv], type: quant(e) },
      { name: `${b}.attn_v.bias`, dims: [kv], type: "F32" },
      { name: `${b}.attn_output.weight`, dims: [e, e], type: quant(e) },
      { name: `${b}.ffn_norm.weight`, dims: [e], type: "F32", values: one },
      { name: `${b}.ffn_gate.weight`, dims: [e, shape.feedForward], type: quant(e) },
      { name: `${b}.ffn_up.weight`, dims: [e, shape.feedForward], type: quant(e) },
      { name: `${b}.ffn_down.weight`, dims: [shape.feedForward, e], type: quant(shape.feedForward) },
    );
  }
  tensors.push({ name: "output_norm.weight", dims: [e], type: "F32", values: one });
  const path = join(dir, `${shape.name.toLowerCase().replace(/[^a-z0-9.]+/g, "-")}.gguf`);
  const size = await w.writeGguf(path, {
    metadata: {
      "general.architecture": w.str("qwen2"),
      "general.name": w.str(`${shape.name} (random weights)`),
      "qwen2.context_length": w.u32(32_768),
      "qwen2.embedding_length": w.u32(e),
      "qwen2.block_count": w.u32(shape.layers),
      "qwen2.feed_forward_length": w.u32(shape.feedForward),
      "qwen2.attention.head_count": w.u32(shape.heads),
      "qwen2.attention.head_count_kv": w.u32(shape.kvHeads),
      "qwen2.rope.freq_base": w.f32(1_000_000),
      "qwen2.attention.layer_norm_rms_epsilon": w.f32(1e-6),
      "tokenizer.ggml.model": w.str("llama"),
      "tokenizer.ggml.tokens": w.strings(tokens),
      "tokenizer.ggml.scores": w.floats(tokens.map(() => 0)),
      "tokenizer.ggml.token_type": w.ints(types),
      "tokenizer.ggml.unknown_token_id": w.u32(0),
      "tokenizer.ggml.bos_token_id": w.u32(1),
      "tokenizer.ggml.eos_token_id": w.u32(4),
      "tokenizer.ggml.add_bos_token": { type: "bool", value: false },
      "tokenizer.chat_template": w.str(CHATML),
    },
    tensors,
  });
  return { path, size };
}
