// The OpenAI-compatible API at /v1 (chat completions and models), as much of OpenAI's request as
// Tessera honours. Programs written for OpenAI send fields beyond these; unknown ones are ignored,
// except those that would change the answer's meaning (tools, several choices), which are refused.
import { z } from "zod";

const textPart = z.object({ type: z.literal("text"), text: z.string() });
const imagePart = z.object({
  type: z.literal("image_url"),
  image_url: z.object({ url: z.string().min(1), detail: z.string().optional() }),
});
const textContent = z.union([z.string(), z.array(textPart)]);

export const openAiMessageSchema = z.discriminatedUnion("role", [
  z.object({ role: z.literal("system"), content: textContent }),
  z.object({ role: z.literal("developer"), content: textContent }),
  z.object({
    role: z.literal("user"),
    content: z.union([z.string(), z.array(z.discriminatedUnion("type", [textPart, imagePart]))]),
  }),
  z.object({ role: z.literal("assistant"), content: textContent.nullish() }),
]);
export type OpenAiMessage = z.infer<typeof openAiMessageSchema>;

export const chatCompletionRequestSchema = z.object({
  model: z.string().min(1).max(200),
  messages: z.array(openAiMessageSchema).min(1).max(500),
  stream: z.boolean().nullish(),
  stream_options: z.object({ include_usage: z.boolean().nullish() }).nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().gt(0).max(1).nullish(),
  max_tokens: z.number().int().positive().max(1_000_000).nullish(),
  max_completion_tokens: z.number().int().positive().max(1_000_000).nullish(),
  stop: z.union([z.string(), z.array(z.string()).max(4)]).nullish(),
  user: z.string().max(256).nullish(),
  n: z.literal(1, "Only one choice (n: 1) is supported.").nullish(),
  tools: z.array(z.unknown()).max(0, "Tools are not supported by this API yet.").nullish(),
  functions: z.array(z.unknown()).max(0, "Functions are not supported by this API.").nullish(),
});
export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>;

/** OpenAI's error shape, which its clients read. */
export interface OpenAiErrorBody {
  error: { message: string; type: string; code: string | null; param: string | null };
}
