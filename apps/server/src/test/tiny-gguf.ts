// A tiny llama-architecture model (two layers, a few hundred tokens, about 150 KB) that llama.cpp
// loads and runs in milliseconds. Its weights are random except where they make its answer known: the
// layers add nothing to what flows through them (their output projections are zero), and each word's
// embedding points the output at the next word, so whatever it is asked it recites TINY_SENTENCE
// (and again, when `endless`, until it is stopped or runs out of tokens). It carries a ChatML template,
// as many real models do, so the chat template inside the file is what formats the conversation.
import { floats, ints, str, strings, u32, writeGguf, f32, type GgufTensor } from "./gguf-writer";

export const TINY_WORDS = ["Hello", "from", "a", "tiny", "local", "model", "inside", "Tessera."];
/** What the model answers (before the end of its first cycle), whatever the question. */
export const TINY_SENTENCE = TINY_WORDS.join(" ");
export const TINY_CHAT_TEMPLATE =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

const EMBED = 32;
const FF = 64;
const LAYERS = 2;
const HEADS = 4;
const KV_HEADS = 2;
const HEAD_DIM = EMBED / HEADS;
/** How far the next word's score stands above every other token's: enough for any temperature. */
const PULL = 6;

/** Control tokens, then the 256 byte tokens every text falls back to, then the sentence's words. */
function vocabulary() {
  const tokens = ["<unk>", "<s>", "</s>", "<|im_start|>", "<|im_end|>"];
  const types = [2, 3, 3, 3, 3];
  for (let b = 0; b < 256; b++) {
    tokens.push(`<0x${b.toString(16).toUpperCase().padStart(2, "0")}>`);
    types.push(6);
  }
  // A space of its own, so that text with spaces reads back as it was written.
  tokens.push("\u2581");
  types.push(1);
  const firstWord = tokens.length;
  for (const w of TINY_WORDS) {
    tokens.push(`\u2581${w}`);
    types.push(1);
  }
  return { tokens, types, firstWord };
}

/**
 * Writes the model to `path`. `endless`: the sentence starts again after its last word; otherwise the
 * end-of-turn token follows it and the answer is the sentence once.
 */
export async function writeTinyGguf(path: string, opts: { endless?: boolean } = {}): Promise<number> {
  const { tokens, types, firstWord } = vocabulary();
  const words = TINY_WORDS.length;
  const endOfTurn = 4;
  // Dimension 0 stands for "any token that is not a word"; word k lives in dimension k + 1.
  const dimensionOf = (token: number) =>
    token >= firstWord && token < firstWord + words ? token - firstWord + 1 : 0;
  /** The token that follows whatever lives in dimension `d`. */
  const nextOf = (d: number) => {
    if (d === 0) return firstWord;
    if (d < words) return firstWord + d;
    return opts.endless ? firstWord : endOfTurn;
  };
  const vocab = tokens.length;
  const square = [EMBED, EMBED];
  const layer = (n: number): GgufTensor[] => [
    { name: `blk.${n}.attn_norm.weight`, dims: [EMBED], type: "F32", values: () => 1 },
    { name: `blk.${n}.attn_q.weight`, dims: square, type: "F32" },
    { name: `blk.${n}.attn_k.weight`, dims: [EMBED, KV_HEADS * HEAD_DIM], type: "F32" },
    { name: `blk.${n}.attn_v.weight`, dims: [EMBED, KV_HEADS * HEAD_DIM], type: "F32" },
    { name: `blk.${n}.attn_output.weight`, dims: square, type: "F32", values: () => 0 },
    { name: `blk.${n}.ffn_norm.weight`, dims: [EMBED], type: "F32", values: () => 1 },
    { name: `blk.${n}.ffn_gate.weight`, dims: [EMBED, FF], type: "F32" },
    { name: `blk.${n}.ffn_up.weight`, dims: [EMBED, FF], type: "F32" },
    { name: `blk.${n}.ffn_down.weight`, dims: [FF, EMBED], type: "F32", values: () => 0 },
  ];
  return writeGguf(path, {
    metadata: {
      "general.architecture": str("llama"),
      "general.name": str("Tiny Test Model"),
      "llama.context_length": u32(2048),
      "llama.embedding_length": u32(EMBED),
      "llama.block_count": u32(LAYERS),
      "llama.feed_forward_length": u32(FF),
      "llama.attention.head_count": u32(HEADS),
      "llama.attention.head_count_kv": u32(KV_HEADS),
      "llama.rope.dimension_count": u32(HEAD_DIM),
      "llama.attention.layer_norm_rms_epsilon": f32(1e-5),
      "tokenizer.ggml.model": str("llama"),
      "tokenizer.ggml.tokens": strings(tokens),
      "tokenizer.ggml.scores": floats(tokens.map(() => 0)),
      "tokenizer.ggml.token_type": ints(types),
      "tokenizer.ggml.unknown_token_id": u32(0),
      "tokenizer.ggml.bos_token_id": u32(1),
      "tokenizer.ggml.eos_token_id": u32(endOfTurn),
      "tokenizer.ggml.add_bos_token": { type: "bool", value: false },
      "tokenizer.chat_template": str(TINY_CHAT_TEMPLATE),
    },
    tensors: [
      {
        name: "token_embd.weight",
        dims: [EMBED, vocab],
        type: "F32",
        values: (i) => (i % EMBED === dimensionOf(Math.floor(i / EMBED)) ? 1 : 0),
      },
      ...Array.from({ length: LAYERS }, (_, n) => layer(n)).flat(),
      { name: "output_norm.weight", dims: [EMBED], type: "F32", values: () => 1 },
      {
        name: "output.weight",
        dims: [EMBED, vocab],
        type: "F32",
        // Row t scores token t; it rises with the dimension of each token that t follows.
        values: (i) => (nextOf(i % EMBED) === Math.floor(i / EMBED) ? PULL : 0),
      },
    ],
  });
}
