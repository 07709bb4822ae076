import type { GeneratedImage, ImageModelsResponse } from "@tessera/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reserveImages } from "../../billing/plans";
import { generatedImages, user } from "../../db/schema";
import {
  startLoopbackImageServer,
  type LoopbackImageServer,
} from "../../providers/images/loopback-image-server";
import { createTestApp, type TestApp } from "../../test/test-app";
import { STALE_REASON } from "./expire-stale-images";

let t: TestApp;
let imageServer: LoopbackImageServer;
let n = 0;
const newUser = () => t.newUser(`images-${++n}@example.com`);

beforeAll(async () => {
  imageServer = await startLoopbackImageServer({
    openai: {
      broken: { kind: "status", status: 500, body: { error: { message: "The sampler crashed" } } },
    },
  });
  t = await createTestApp({
    OPENAI_IMAGES_BASE_URL: `${imageServer.url}/v1`,
    OPENAI_IMAGES_MODELS: "good,broken",
    RATE_LIMIT_IMAGES: "7",
  });
});
afterAll(async () => {
  await t.close();
  await imageServer.close();
});

const generate = (token: string, body: unknown) =>
  t.request("/api/image-generation", { method: "POST", token, json: body });

/** Polls a job until it ends, as the web client does. */
async function settled(token: string, id: string): Promise<GeneratedImage> {
  for (let i = 0; i < 200; i++) {
    const res = await t.request(`/api/images/${id}`, { token });
    expect(res.status).toBe(200);
    const image = (await res.json()) as GeneratedImage;
    if (image.status === "completed" || image.status === "failed") return image;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`image ${id} never finished`);
}

async function list(token: string, limit?: number): Promise<GeneratedImage[]> {
  const res = await t.request(`/api/images${limit ? `?limit=${limit}` : ""}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as GeneratedImage[];
}

describe("image generation jobs", () => {
  it("needs a session for every route", async () => {
    for (const [method, path] of [
      ["GET", "/api/image-models"],
      ["POST", "/api/image-generation"],
      ["GET", "/api/images"],
      ["GET", "/api/images/00000000-0000-4000-8000-000000000000"],
      ["DELETE", "/api/images/00000000-0000-4000-8000-000000000000"],
    ] as const) {
      const res = await t.request(path, { method, json: method === "POST" ? { prompt: "x" } : undefined });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it("lists the models with availability, the configured server's among them", async () => {
    const token = await newUser();
    const res = await t.request("/api/image-models", { token });
    const body = (await res.json()) as ImageModelsResponse;
    expect(body.defaultModel).toBe("tessera-sketch");
    const byId = Object.fromEntries(body.models.map((m) => [m.id, m]));
    expect(byId.imagen4).toMatchObject({
      name: "Imagine 4",
      available: false,
      typicalSeconds: { min: 3, max: 6 },
    });
    expect(byId.imagen4!.unavailableReason).toBe("Not enabled on this server.");
    expect(byId["tessera-sketch"]).toMatchObject({ available: true, unavailableReason: null });
    expect(byId["custom/good"]).toMatchObject({ available: true });
  });

  it("runs a job from pending to completed and serves the stored PNG", async () => {
    const token = await newUser();
    const res = await generate(token, {
      prompt: "  A lighthouse on a cliff at sunset ",
      model: "tessera-sketch",
      aspect_ratio: "16:9",
    });
    expect(res.status).toBe(202);
    const started = (await res.json()) as GeneratedImage;
    expect(started).toMatchObject({
      prompt: "A lighthouse on a cliff at sunset",
      model: "tessera-sketch",
      aspect_ratio: "16:9",
      status: "pending",
      image_url: null,
    });

    const done = await settled(token, started.id);
    expect(done).toMatchObject({
      status: "completed",
      width: 1024,
      height: 576,
      content_type: "image/png",
      error: null,
    });
    expect(done.generation_time).toBeGreaterThan(0);
    expect(done.image_url).toMatch(/^\/files\/generated-images\/.+\.png$/);

    const file = await t.request(done.image_url!);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    expect((await list(token, 10)).map((i) => i.id)).toEqual([started.id]);
  });

  it("stores what an OpenAI-compatible server draws, and normalises legacy ratio names", async () => {
    const token = await newUser();
    const res = await generate(token, {
      prompt: "a tall tower",
      model: "custom/good",
      aspect_ratio: "portrait",
    });
    expect(res.status).toBe(202);
    const image = await settled(token, ((await res.json()) as GeneratedImage).id);
    expect(image).toMatchObject({ status: "completed", aspect_ratio: "9:16", width: 64, height: 36 });
    expect(imageServer.requests.at(-1)!.body).toMatchObject({ model: "good", size: "576x1024" });
  });

  it("fails the job with the provider's reason when it answers 500, leaving nothing generating", async () => {
    const token = await newUser();
    const res = await generate(token, {
      prompt: "a broken dream",
      model: "custom/broken",
      aspect_ratio: "1:1",
    });
    expect(res.status).toBe(202);
    const image = await settled(token, ((await res.json()) as GeneratedImage).id);
    expect(image).toMatchObject({
      status: "failed",
      image_url: null,
      error: "The image server answered 500: The sampler crashed",
    });
    const rows = await list(token);
    expect(rows.filter((r) => r.status === "pending" || r.status === "generating")).toEqual([]);
  });

  it("ends jobs a stopped server left behind as failed", async () => {
    const token = await newUser();
    const [{ id: userId }] = (await t.services.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, `images-${n}@example.com`))) as [{ id: string }];
    const longAgo = new Date(Date.now() - t.services.env.IMAGE_TIMEOUT_MS - 5 * 60_000);
    const [id] = await reserveImages(
      t.services.database.db,
      userId,
      [{ prompt: "left behind", model: "tessera-sketch", aspectRatio: "1:1" }],
      longAgo,
    );
    await t.services.database.db
      .update(generatedImages)
      .set({ status: "generating" })
      .where(eq(generatedImages.id, id!));
    const [row] = await list(token);
    expect(row).toMatchObject({ id, status: "failed", error: STALE_REASON });
  });

  it("refuses the sixth image of a month on Core with 402, while failed ones do not count", async () => {
    const token = await newUser();
    await t.setPlan(`images-${n}@example.com`, "core");
    const failed = await generate(token, { prompt: "broken", model: "custom/broken" });
    await settled(token, ((await failed.json()) as GeneratedImage).id);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await generate(token, { prompt: `sketch ${i}`, model: "tessera-sketch" });
      expect(res.status).toBe(202);
      ids.push(((await res.json()) as GeneratedImage).id);
    }
    // Seven requests with this one: the quota, not the rate limit (7 a minute here), refuses it.
    const refused = await generate(token, { prompt: "one too many", model: "tessera-sketch" });
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "You have used 5 of the 5 images your Core plan includes this month. The Pro plan includes 100.",
    );
    for (const id of ids) expect((await settled(token, id)).status).toBe("completed");
    expect(await list(token)).toHaveLength(6);

    // Deleting an image hides it but does not give it back to the month's allowance.
    expect((await t.request(`/api/images/${ids[0]}`, { method: "DELETE", token })).status).toBe(204);
    expect(await list(token)).toHaveLength(5);
    expect((await t.request(`/api/images/${ids[0]}`, { method: "DELETE", token })).status).toBe(404);
    // (Asked of the quota directly: another request here would meet the rate limit first.)
    const [me] = await t.services.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, `images-${n}@example.com`));
    await expect(
      reserveImages(t.services.database.db, me!.id, [
        { prompt: "after a delete", model: "tessera-sketch", aspectRatio: "1:1" },
      ]),
    ).rejects.toThrow("5 of the 5");
  });

  it("limits how fast one person starts images", async () => {
    const token = await newUser();
    await t.setPlan(`images-${n}@example.com`, "max");
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await generate(token, {
        prompt: `quick ${i}`,
        model: "tessera-sketch",
        aspect_ratio: "1:1",
      });
      expect(res.status).toBe(202);
      ids.push(((await res.json()) as GeneratedImage).id);
    }
    const limited = await generate(token, { prompt: "quick 8", model: "tessera-sketch" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    for (const id of ids) await settled(token, id);
  });

  it("keeps images to their owner: someone else's is not found, to read or to delete", async () => {
    const owner = await newUser();
    const other = await newUser();
    const res = await generate(owner, { prompt: "mine alone", model: "tessera-sketch" });
    const image = await settled(owner, ((await res.json()) as GeneratedImage).id);
    expect((await t.request(`/api/images/${image.id}`, { token: other })).status).toBe(404);
    expect((await t.request(`/api/images/${image.id}`, { method: "DELETE", token: other })).status).toBe(404);
    expect(await list(other)).toEqual([]);
    expect((await t.request("/api/images/not-a-uuid", { token: owner })).status).toBe(404);

    const deleted = await t.request(`/api/images/${image.id}`, { method: "DELETE", token: owner });
    expect(deleted.status).toBe(204);
    expect((await t.request(`/api/images/${image.id}`, { token: owner })).status).toBe(404);
    expect((await t.request(image.image_url!)).status).toBe(404);
  });

  it("refuses bad input with a reason", async () => {
    const token = await newUser();
    const cases: [unknown, number, string][] = [
      [{ prompt: "   " }, 400, "Please describe the image you want to generate."],
      [{}, 400, "Please describe the image you want to generate."],
      [{ prompt: "x".repeat(4001) }, 400, "Keep the description under 4000 characters."],
      [
        { prompt: "a cat", aspect_ratio: "2:1" },
        400,
        "The aspect ratio must be one of 1:1, 3:4, 4:3, 9:16, 16:9, 9:21, 21:9.",
      ],
      [{ prompt: "a cat", model: "dall-e-9" }, 400, "There is no image model called dall-e-9."],
      [{ prompt: "a cat", model: "imagen4-ultra" }, 503, "Imagine 4 is not enabled on this server."],
    ];
    for (const [body, status, message] of cases) {
      const res = await generate(token, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
    }
    expect((await t.request("/api/images?limit=51", { token })).status).toBe(400);
    const notJson = await t.request("/api/image-generation", {
      method: "POST",
      token,
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(notJson.status).toBe(400);
    expect(await list(token)).toEqual([]);
  });
});
