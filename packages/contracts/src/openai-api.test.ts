import { describe, expect, it } from "vitest";
import { chatCompletionRequestSchema } from "./openai-api";

const weather = {
  type: "function",
  function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } } } },
};
const ask = [{ role: "user", content: "Weather in Oslo?" }];
const issue = (body: unknown) => {
  const parsed = chatCompletionRequestSchema.safeParse({ model: "m", messages: ask, ...(body as object) });
  return parsed.success
    ? null
    : { path: parsed.error.issues[0]!.path.join("."), message: parsed.error.issues[0]!.message };
};

describe("chat completion requests with tools", () => {
  it("take function tools, every tool_choice, and a round's call and result", () => {
    expect(issue({ tools: [weather] })).toBeNull();
    for (const choice of [
      "none",
      "auto",
      "required",
      { type: "function", function: { name: "get_weather" } },
    ])
      expect(issue({ tools: [weather], tool_choice: choice })).toBeNull();
    expect(
      issue({
        tools: [weather],
        messages: [
          ...ask,
          {
            role: "assistant",
            content: null,
            tool_calls: [{ id: "c1", type: "function", function: { name: "get_weather", arguments: "{}" } }],
          },
          { role: "tool", tool_call_id: "c1", content: "4 °C" },
        ],
      }),
    ).toBeNull();
    // A tool without parameters takes none, as OpenAI reads it.
    expect(issue({ tools: [{ type: "function", function: { name: "now" } }] })).toBeNull();
  });

  it("refuse bad definitions with the field that is wrong", () => {
    expect(issue({ tools: [{ type: "function", function: { name: "has space" } }] })).toMatchObject({
      path: "tools.0.function.name",
    });
    expect(issue({ tools: [{ type: "code_interpreter" }] })).toMatchObject({ path: "tools.0.type" });
    expect(
      issue({ tools: [{ type: "function", function: { name: "x", parameters: { type: "array" } } }] }),
    ).toMatchObject({ path: "tools.0.function.parameters", message: "parameters must be an object schema." });
    expect(issue({ tools: [weather, weather] })).toMatchObject({ path: "tools" });
    expect(
      issue({ tools: [weather], tool_choice: { type: "function", function: { name: "other" } } }),
    ).toMatchObject({ path: "tool_choice" });
    expect(issue({ tool_choice: "sometimes" })).toMatchObject({ path: "tool_choice" });
    expect(issue({ messages: [...ask, { role: "tool", content: "4" }] })).toMatchObject({
      path: "messages.1.tool_call_id",
    });
    expect(issue({ functions: [{ name: "old" }] })).toMatchObject({ path: "functions" });
  });
});
