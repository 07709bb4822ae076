import { describe, expect, it } from "vitest";
import { createRemoteModelFactory } from "./remote-models";

describe("remote model factory", () => {
  it("builds each model once and gives the same one to every call, per provider and name", async () => {
    const models = createRemoteModelFactory({
      localPaceMs: 0,
      openaiCompatible: { apiKey: "sk-test", baseURL: "http://127.0.0.1:9/v1", extraModels: [] },
      openrouter: { apiKey: "sk-or-test" },
    });
    const first = await models("openai-compatible", "llama3.2:1b");
    expect(await models("openai-compatible", "llama3.2:1b")).toBe(first);
    expect(await models("openai-compatible", "qwen3:4b")).not.toBe(first);
    expect(await models("openrouter", "llama3.2:1b")).not.toBe(first);
    expect(first.modelId).toBe("llama3.2:1b");
  });
});
