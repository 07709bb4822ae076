import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageSize } from "./image-size";
import { startLoopbackImageServer, type LoopbackImageServer } from "./loopback-image-server";
import { createImageRegistry, imagesConfig, type ImagesEnv } from "./registry";

const env = (extra: Partial<ImagesEnv> = {}): ImagesEnv => ({
  OPENAI_IMAGES_MODELS: [],
  OUTBOUND_ALLOW_PRIVATE: false,
  ...extra,
});

let server: LoopbackImageServer;
beforeAll(async () => {
  server = await startLoopbackImageServer({
    openai: { broken: { kind: "status", status: 500, body: { error: { message: "Out of GPU memory" } } } },
    falStatusPolls: 1,
  });
});
afterAll(() => server.close());

const signal = () => AbortSignal.timeout(10_000);

describe("image model registry", () => {
  it("has only Tessera Sketch without configuration; the others are not enabled, naming no variable", () => {
    const registry = createImageRegistry(imagesConfig(env()));
    const models = registry.list();
    expect(models.map((m) => [m.id, m.available])).toEqual([
      ["imagen4", false],
      ["flux-pro", false],
      ["gpt-image-1", false],
      ["tessera-sketch", true],
    ]);
    expect(models[0]!.unavailableReason).toBe("Not enabled on this server.");
    expect(models[2]!.unavailableReason).toBe("Not enabled on this server.");
    expect(registry.defaultModel()).toBe("tessera-sketch");
    expect(registry.resolve("imagen4")).toMatchObject({
      ok: false,
      reason: "unavailable",
      message: "Imagine 4 is not enabled on this server.",
    });
    expect(registry.resolve("dall-e-9")).toMatchObject({ ok: false, reason: "unknown" });
  });

  it("defaults to Imagine 4 with FAL_KEY, and keeps gpt-image-1 off a self-hosted OPENAI_BASE_URL", () => {
    const registry = createImageRegistry(
      imagesConfig(env({ FAL_KEY: "k", OPENAI_API_KEY: "k", OPENAI_BASE_URL: "http://127.0.0.1:11434/v1" })),
    );
    expect(registry.defaultModel()).toBe("imagen4");
    expect(registry.resolve("flux-pro").ok).toBe(true);
    expect(registry.resolve("gpt-image-1").ok).toBe(false);
    expect(createImageRegistry(imagesConfig(env({ OPENAI_API_KEY: "k" }))).resolve("gpt-image-1").ok).toBe(
      true,
    );
  });

  it("runs Imagine 4 through fal's queue: submit, poll, result, then the image it links to", async () => {
    const registry = createImageRegistry(
      imagesConfig(env({ FAL_KEY: "fal-test-key", FAL_BASE_URL: server.url })),
    );
    const model = registry.resolve("imagen4");
    if (!model.ok) throw new Error(model.message);
    const image = await model.provider.generate({
      prompt: "a red fox",
      aspectRatio: "21:9",
      signal: signal(),
    });
    expect(Buffer.from(image.bytes).equals(Buffer.from(server.png))).toBe(true);
    expect(imageSize(image.bytes)).toEqual({ width: 64, height: 36 });
    const submit = server.requests.find((r) => r.method === "POST")!;
    expect(submit.path).toBe("/fal-ai/imagen4/preview");
    expect(submit.headers.authorization).toBe("Key fal-test-key");
    // Imagen has no 21:9; the nearest it has is used.
    expect(submit.body).toMatchObject({ prompt: "a red fox", aspect_ratio: "16:9", num_images: 1 });
    expect(server.requests.filter((r) => r.path.endsWith("/status")).length).toBe(2);
  });

  it("lists an OpenAI-compatible server's models and reads base64 or linked images from it", async () => {
    const registry = createImageRegistry(
      imagesConfig(
        env({ OPENAI_IMAGES_BASE_URL: `${server.url}/v1`, OPENAI_IMAGES_MODELS: ["sdxl", "broken"] }),
      ),
    );
    expect(
      registry
        .list()
        .filter((m) => m.id.startsWith("custom/"))
        .map((m) => m.id),
    ).toEqual(["custom/sdxl", "custom/broken"]);
    const sdxl = registry.resolve("custom/sdxl");
    if (!sdxl.ok) throw new Error(sdxl.message);
    const image = await sdxl.provider.generate({
      prompt: "a tall tower",
      aspectRatio: "9:16",
      signal: signal(),
    });
    expect(imageSize(image.bytes)).toEqual({ width: 64, height: 36 });
    expect(server.requests.at(-1)!.body).toMatchObject({
      model: "sdxl",
      size: "576x1024",
      response_format: "b64_json",
    });

    const broken = registry.resolve("custom/broken");
    if (!broken.ok) throw new Error(broken.message);
    await expect(
      broken.provider.generate({ prompt: "anything", aspectRatio: "1:1", signal: signal() }),
    ).rejects.toThrow("The image server answered 500: Out of GPU memory");
  });
});
