// The OpenAI-compatible API at /v1 (chat completions and models), as much of OpenAI's request as
// Tessera honours. Programs written for OpenAI send fields beyond these; unknown ones are ignored,
// except those that would change the answer's meaning (several choices, legacy functions), which are
// refused. A program's own tools go to the model and its calls come back: Tessera never runs them.
import { z } from "zod";

const textPart = z.object({ type: z.literal("text"), text: z.string() });
const imagePart = z.object({
  type: z.literal("image_url"),
  image_url: z.object({ url: z.string().min(1), detail: z.string().optional() }),
});
const textContent = z.union([z.string(), z.array(textPart)]);

/** A tool's name as OpenAI takes it. */
const toolName = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "A tool's name is 1 to 64 letters, digits, _ or -.");

const toolCallSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.literal("function").optional(),
  function: z.object({ name: toolName, arguments: z.string().max(1_000_000) }),
});

export const openAiToolSchema = z.object({
  type: z.literal("function", "Only function tools are supported."),
  function: z.object({
    name: toolName,
    description: z.string().max(10_000).nullish(),
    // JSON Schema of the arguments; an object schema, as OpenAI requires.
    parameters: z
      .record(z.string(), z.unknown())
      .refine((p) => p.type === undefined || p.type === "object", "parameters must be an object schema.")
      .nullish(),
    strict: z.boolean().nullish(),
  }),
});
export type OpenAiTool = z.infer<typeof openAiToolSchema>;

export const openAiToolChoiceSchema = z.union([
  z.enum(["none", "auto", "required"]),
  z.object({ type: z.literal("function"), function: z.object({ name: toolName }) }),
]);

export const openAiMessageSchema = z.discriminatedUnion("role", [
  z.object({ role: z.literal("system"), content: textContent }),
  z.object({ role: z.literal("developer"), content: textContent }),
  z.object({
    role: z.literal("user"),
    content: z.union([z.string(), z.array(z.discriminatedUnion("type", [textPart, imagePart]))]),
  }),
  z.object({
    role: z.literal("assistant"),
    content: textContent.nullish(),
    tool_calls: z.array(toolCallSchema).max(128).nullish(),
  }),
  z.object({ role: z.literal("tool"), tool_call_id: z.string().min(1).max(200), content: textContent }),
]);
export type OpenAiMessage = z.infer<typeof openAiMessageSchema>;

export const chatCompletionRequestSchema = z
  .object({
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
    tools: z.array(openAiToolSchema).max(128).nullish(),
    tool_choice: openAiToolChoiceSchema.nullish(),
    parallel_tool_calls: z.boolean().nullish(),
    functions: z.array(z.unknown()).max(0, "Functions are not supported by this API; send tools.").nullish(),
  })
  .refine(
    ({ tool_choice: choice, tools }) =>
      typeof choice !== "object" ||
      !choice ||
      (tools ?? []).some((t) => t.function.name === choice.function.name),
    { message: "tool_choice names a function that is not in tools.", path: ["tool_choice"] },
  )
  .refine((r) => new Set((r.tools ?? []).map((t) => t.function.name)).size === (r.tools ?? []).length, {
    message: "Each tool needs a name of its own.",
    path: ["tools"],
  });
export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>;
export type OpenAiToolChoice = z.infer<typeof openAiToolChoiceSchema>;

/** OpenAI's error shape, which its clients read. */
export interface OpenAiErrorBody {
  error: { message: string; type: string; code: string | null; param: string | null };
}
