// BILLING=off, the default without Stripe: the instance does not sell plans. Every signed-in person
// has every feature whatever plan is stored, nothing can be bought or tried, and the admin's budgets
// are the limits. The stored plan stays a label, and applies again when billing is on.
import type { CheckTeamAccess, ModelsResponse, PublicConfig, Subscription } from "@tessera/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reserveImages } from "../../billing/plans";
import { user } from "../../db/schema";
import { parseEnv } from "../../env";
import {
  startOpenAiCompatibleServer,
  type OpenAiCompatibleServer,
} from "../../test/openai-compatible-server";
import { createTestApp, readSse, type TestApp } from "../../test/test-app";

const json = async <T>(res: Response) => (await res.json()) as T;
const message = async (res: Response) => (await json<{ error: { message: string } }>(res)).error.message;
const NOT_SOLD =
  "This instance does not sell plans: every feature is open to everyone signed in, within the budgets its administrator sets.";

describe("BILLING", () => {
  it("is off unless Stripe is configured, and on with it, unless it says otherwise", () => {
    expect(parseEnv({}).BILLING).toBe("off");
    const stripe = {
      STRIPE_SECRET_KEY: "sk_test",
      STRIPE_WEBHOOK_SECRET: "whsec_test",
      STRIPE_PRICE_PRO: "price_pro",
    };
    expect(parseEnv(stripe).BILLING).toBe("on");
    expect(parseEnv({ ...stripe, BILLING: "off" }).BILLING).toBe("off");
    expect(parseEnv({ BILLING: "on" }).BILLING).toBe("on");
    expect(() => parseEnv({ BILLING: "maybe" })).toThrow(/BILLING: must be on or off/);
  });
});

describe("with billing off", () => {
  let t: TestApp;
  let llm: OpenAiCompatibleServer;
  let token: string;
  let id: string;
  beforeAll(async () => {
    llm = await startOpenAiCompatibleServer();
    t = await createTestApp({
      BILLING: "off",
      OPENROUTER_API_KEY: "sk-or-test",
      OPENROUTER_BASE_URL: llm.url,
    });
    await t.newUser("root@example.com");
    token = await t.newUser("member@example.com");
    id = (await t.services.database.db.select().from(user).where(eq(user.email, "member@example.com")))[0]!
      .id;
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it("tells everyone it sells no plans", async () => {
    const config = await json<PublicConfig>(await t.request("/api/public/config"));
    expect(config.billing).toMatchObject({ mode: "off", checkout: false });
    const sub = await json<Subscription>(await t.request("/api/subscription", { token }));
    expect(sub).toMatchObject({
      plan: "core",
      billing: "off",
      checkout: false,
      trialAvailable: false,
      usage: { imagesThisMonth: 0, imagesPerMonth: null },
      budget: null,
    });
    for (const path of ["/api/billing/trial", "/api/billing/checkout"]) {
      const res = await t.request(path, { method: "POST", token, json: { plan: "pro" } });
      expect(res.status, path).toBe(409);
      expect(await message(res)).toBe(NOT_SOLD);
    }
    // The spec's status call still reads the stored plan, which is only a label here.
    expect(await json(await t.request("/api/check-subscription", { method: "POST", token }))).toEqual({
      subscribed: false,
      tier: null,
      validUntil: null,
    });
  });

  it("opens every model, feature and allowance to a person on Core", async () => {
    const models = (await json<ModelsResponse>(await t.request("/api/models", { token }))).groups.flatMap(
      (g) => g.models,
    );
    expect(models.find((m) => m.id === "gpt-5")).toMatchObject({ available: true, requiredPlan: null });
    const chat = await t.request("/api/chat-stream", {
      method: "POST",
      token,
      json: { message: "Hello there", model: "gpt-5" },
    });
    expect((await readSse(chat)).at(-1)).toMatchObject({ type: "complete" });
    const compare = await t.request("/api/comparisons", {
      method: "POST",
      token,
      json: { prompt: "Which?", models: ["gpt-5", "claude-sonnet"] },
    });
    expect(compare.status).toBe(201);
    const assistant = await t.request("/api/assistants", {
      method: "POST",
      token,
      json: {
        name: "Helper",
        systemPrompt: "Be brief.",
        settings: {
          model: "guide",
          temperature: 0.2,
          maxTokens: 300,
          personality: "friendly",
          responseStyle: "concise",
          language: "en",
        },
      },
    });
    expect(assistant.status).toBe(201);
    const key = await t.request("/api/api-keys", { method: "POST", token, json: { name: "scripts" } });
    expect(key.status).toBe(201);
    const { key: secret } = await json<{ key: string }>(key);
    const v1 = await t.request("/v1/chat/completions", {
      method: "POST",
      headers: { authorization: `Bearer ${secret}` },
      json: { model: "gpt-5", messages: [{ role: "user", content: "Hi" }] },
    });
    expect(v1.status).toBe(200);
    expect(await json(await t.request("/api/check-team-access", { method: "POST", token }))).toEqual({
      team_access: [],
      has_team_features: true,
    } satisfies CheckTeamAccess);
    expect((await t.request("/api/teams", { method: "POST", token, json: { name: "Crew" } })).status).toBe(
      201,
    );
    const voice = await t.request("/api/text-to-voice", {
      method: "POST",
      token,
      json: { text: "Hi.", voice: "alloy" },
    });
    expect(voice.status).not.toBe(403);
    // No monthly allowance of pictures: far past Core's five.
    const one = { prompt: "a lighthouse", model: "test", aspectRatio: "1:1" };
    await expect(
      reserveImages(
        t.services.database.db,
        id,
        Array.from({ length: 20 }, () => one),
      ),
    ).resolves.toHaveLength(20);
  });

  it("keeps the stored plan as a label an admin can still set", async () => {
    await t.setPlan("member@example.com", "max");
    const sub = await json<Subscription>(await t.request("/api/subscription", { token }));
    expect(sub).toMatchObject({
      plan: "max",
      source: "admin",
      billing: "off",
      usage: { imagesPerMonth: null },
    });
  });
});
