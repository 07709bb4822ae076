import { describe, expect, it } from "vitest";
import { createRemoteModelFactory, openAiCompatibleEndpoint } from "./remote-models";

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

  it("speaks OpenAI's own dialect only to OpenAI: with no base URL or OpenAI's, not to another server", () => {
    const of = (baseURL?: string) =>
      openAiCompatibleEndpoint({ apiKey: "sk-test", baseURL, extraModels: [] }, ["sk-test"]);
    expect(of()).toMatchObject({ baseURL: "https://api.openai.com/v1", openAi: true, apiKey: "sk-test" });
    expect(of("https://api.openai.com/v1").openAi).toBe(true);
    expect(of("http://127.0.0.1:11434/v1").openAi).toBe(false);
    expect(of("https://api.openai.com.example.net/v1").openAi).toBe(false);
  });
});
