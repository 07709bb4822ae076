// Text deltas that arrive together reach the SDK as one. When an OpenAI-style server (OpenRouter, any
// OpenAI-compatible one) sends deltas faster than they are read, one read holds many events, and each
// event, however small, costs the same trip through the SDK's stream stages and ours: the relay then
// falls further behind the more it receives. Merging consecutive plain text deltas of one read keeps
// the text and its order exactly, holds nothing back past the read it came in, and leaves every other
// event (roles alone, tool calls, reasoning, finish, usage, comments, errors) as it was.

type ChatChunk = {
  choices?: { delta?: Record<string, unknown>; finish_reason?: unknown; logprobs?: unknown }[];
  usage?: unknown;
};

const CHOICE_KEYS = new Set(["index", "delta", "finish_reason", "logprobs"]);

/** A chunk that carries text and nothing else that could be lost by joining it to its neighbours. */
function textOnly(
  chunk: ChatChunk,
  first: boolean,
): chunk is ChatChunk & { choices: [{ delta: { content: string } }] } {
  if (!Array.isArray(chunk.choices) || chunk.choices.length !== 1 || chunk.usage != null) return false;
  const [choice] = chunk.choices;
  if (!choice || choice.finish_reason != null || choice.logprobs != null) return false;
  if (!Object.keys(choice).every((k) => CHOICE_KEYS.has(k))) return false;
  const delta = choice.delta;
  if (!delta || typeof delta.content !== "string") return false;
  // A role may open a group (the first chunk carries it), never join one.
  return Object.keys(delta).every((k) => k === "content" || (first && k === "role"));
}

function dataOf(block: string): string | null {
  if (!block.startsWith("data:") || block.includes("\n")) return null;
  const data = block.slice(block[5] === " " ? 6 : 5);
  return data === "[DONE]" ? null : data;
}

/** Joins runs of text-only `data:` events in complete SSE text (whole events, each ending in a blank line). */
export function coalesceEvents(text: string): string {
  const blocks = text.split("\n\n");
  blocks.pop(); // what follows the last blank line: nothing, for complete events
  let out = "";
  let group: {
    block: string;
    chunk: ChatChunk & { choices: [{ delta: { content: string } }] };
    parts: string[];
  } | null = null;
  const close = () => {
    if (!group) return;
    if (group.parts.length === 1) out += `${group.block}\n\n`;
    else {
      group.chunk.choices[0].delta.content = group.parts.join("");
      out += `data: ${JSON.stringify(group.chunk)}\n\n`;
    }
    group = null;
  };
  for (const block of blocks) {
    const data = dataOf(block);
    let chunk: ChatChunk | null = null;
    if (data !== null) {
      try {
        chunk = JSON.parse(data) as ChatChunk;
      } catch {
        chunk = null;
      }
    }
    if (chunk && group && textOnly(chunk, false)) {
      group.parts.push(chunk.choices[0].delta.content);
      continue;
    }
    close();
    if (chunk && textOnly(chunk, true)) group = { block, chunk, parts: [chunk.choices[0].delta.content] };
    else out += `${block}\n\n`;
  }
  close();
  return out;
}

/**
 * The response body with runs of text deltas merged read by read. A stream with `\r` line ends is
 * passed on untouched from then on: merging is an optimisation, never a reason to misread a stream.
 */
export function coalesceTextDeltas(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = "";
  let passThrough = false;
  return new TransformStream({
    transform(bytes, controller) {
      if (passThrough) return controller.enqueue(bytes);
      pending += decoder.decode(bytes, { stream: true });
      if (pending.includes("\r")) {
        passThrough = true;
        controller.enqueue(encoder.encode(pending));
        pending = "";
        return;
      }
      const end = pending.lastIndexOf("\n\n");
      if (end < 0) return;
      const complete = pending.slice(0, end + 2);
      pending = pending.slice(end + 2);
      controller.enqueue(encoder.encode(coalesceEvents(complete)));
    },
    flush(controller) {
      pending += decoder.decode();
      if (pending) controller.enqueue(encoder.encode(pending));
    },
  });
}

/** A fetch whose event-stream answers come through `coalesceTextDeltas`; other answers are untouched. */
export function coalescingFetch(fetch?: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    const res = await (fetch ?? globalThis.fetch)(input, init);
    if (!res.body || !res.headers.get("content-type")?.includes("text/event-stream")) return res;
    return new Response(res.body.pipeThrough(coalesceTextDeltas()), {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
    });
  };
}
