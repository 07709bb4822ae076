// OpenAI's messages as the model interface's: system and developer messages become the system text,
// text parts join, and pictures (data: URLs, or http(s) addresses read through the guarded client)
// go to models that can see them. A program's tool calls and their results (role "tool") go back to
// the model as they were, each result naming the call it answers.
import type { ModelMessage } from "ai";
import type { OpenAiMessage } from "@tessera/contracts";
import { guardedFetch } from "../../lib/guarded-fetch";
import { OpenAiError } from "./openai-errors";

const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp)$/;

const textOf = (content: string | { text: string }[] | null | undefined) =>
  typeof content === "string" ? content : (content ?? []).map((p) => p.text).join("");

async function readImage(url: string, at: string, allowPrivate: boolean) {
  const data = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (data) {
    if (!IMAGE_TYPES.test(data[1]!)) throw badImage(at, "Only PNG, JPEG, GIF and WebP pictures are read.");
    const bytes = Buffer.from(data[2]!, "base64");
    if (bytes.length > IMAGE_MAX_BYTES) throw badImage(at, "A picture may be at most 10 MB.");
    return { image: new Uint8Array(bytes), mediaType: data[1]! };
  }
  if (!/^https?:\/\//i.test(url)) throw badImage(at, "A picture is a data: URL or an http(s) address.");
  const res = await guardedFetch(url, { timeoutMs: 15_000, maxBytes: IMAGE_MAX_BYTES, allowPrivate }).catch(
    (cause: unknown) => {
      throw badImage(
        at,
        `The picture could not be fetched: ${cause instanceof Error ? cause.message : "failed"}.`,
      );
    },
  );
  const type = (res.contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (res.status >= 400 || !IMAGE_TYPES.test(type))
    throw badImage(at, "That address does not hold a PNG, JPEG, GIF or WebP picture.");
  return { image: res.bytes, mediaType: type };
}

/** A call's arguments as the model sent them: JSON, or the text itself when it is not. */
function parseArguments(raw: string): unknown {
  try {
    return JSON.parse(raw || "{}") as unknown;
  } catch {
    return raw;
  }
}

const badImage = (param: string, message: string) => new OpenAiError(400, message, "invalid_image", param);

export async function toModelMessages(
  input: OpenAiMessage[],
  opts: { vision: boolean; allowPrivateFetch: boolean },
): Promise<{ system: string; messages: ModelMessage[]; promptChars: number }> {
  const system: string[] = [];
  const messages: ModelMessage[] = [];
  let promptChars = 0;
  const callNames = new Map<string, string>();
  for (const [i, m] of input.entries()) {
    if (m.role === "system" || m.role === "developer") {
      system.push(textOf(m.content));
    } else if (m.role === "assistant") {
      const text = textOf(m.content);
      if (!m.tool_calls?.length) messages.push({ role: "assistant", content: text });
      else {
        for (const call of m.tool_calls) callNames.set(call.id, call.function.name);
        messages.push({
          role: "assistant",
          content: [
            ...(text ? [{ type: "text" as const, text }] : []),
            ...m.tool_calls.map((call) => ({
              type: "tool-call" as const,
              toolCallId: call.id,
              toolName: call.function.name,
              input: parseArguments(call.function.arguments),
            })),
          ],
        });
      }
    } else if (m.role === "tool") {
      const toolName = callNames.get(m.tool_call_id);
      if (!toolName)
        throw new OpenAiError(
          400,
          "A tool message answers a tool call of an earlier assistant message: no call has this id.",
          "invalid_value",
          `messages[${i}].tool_call_id`,
        );
      const result = {
        type: "tool-result" as const,
        toolCallId: m.tool_call_id,
        toolName,
        output: { type: "text" as const, value: textOf(m.content) },
      };
      // The results of one round travel together, as providers expect them.
      const last = messages.at(-1);
      if (last?.role === "tool") last.content.push(result);
      else messages.push({ role: "tool", content: [result] });
    } else if (typeof m.content === "string") {
      messages.push({ role: "user", content: m.content });
    } else {
      const parts = await Promise.all(
        m.content.map(async (part, j) => {
          if (part.type === "text") return { type: "text" as const, text: part.text };
          const at = `messages[${i}].content[${j}].image_url`;
          if (!opts.vision)
            throw new OpenAiError(400, "This model does not read pictures.", "invalid_image", at);
          return {
            type: "image" as const,
            ...(await readImage(part.image_url.url, at, opts.allowPrivateFetch)),
          };
        }),
      );
      messages.push({ role: "user", content: parts });
    }
    promptChars += JSON.stringify(m.content ?? "").length;
    if (m.role === "assistant" && m.tool_calls) promptChars += JSON.stringify(m.tool_calls).length;
  }
  if (!messages.some((m) => m.role === "user"))
    throw new OpenAiError(400, "Send at least one user message.", "invalid_value", "messages");
  return { system: system.join("\n\n"), messages, promptChars };
}
