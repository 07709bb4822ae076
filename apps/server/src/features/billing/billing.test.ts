import type { CheckSubscription, ModelsResponse, Subscription } from "@tessera/contracts";
import { eq } from "drizzle-orm";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imagesThisMonth, reserveImages } from "../../billing/plans";
import { conversations, generatedImages, subscriptions, user } from "../../db/schema";
import { signPayload } from "../../providers/billing/stripe";
import {
  startOpenAiCompatibleServer,
  type OpenAiCompatibleServer,
} from "../../test/openai-compatible-server";
import { createTestApp, readSse, type TestApp } from "../../test/test-app";

const json = async <T>(res: Response) => (await res.json()) as T;
const message = async (res: Response) => (await json<{ error: { message: string } }>(res)).error.message;
const userId = async (t: TestApp, email: string) =>
  (await t.services.database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;

describe("plans without Stripe: Core, the free trial, admins and entitlements", () => {
  let t: TestApp;
  let llm: OpenAiCompatibleServer;
  beforeAll(async () => {
    llm = await startOpenAiCompatibleServer();
    // Every catalogue model is reachable (OpenRouter's protocol on loopback): only the plan decides.
    t = await createTestApp({
      OPENROUTER_API_KEY: "sk-or-test",
      OPENROUTER_BASE_URL: llm.url,
      ADMIN_EMAILS: "Root@Example.com",
    });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it("starts everyone on Core, with the trial available and nothing to buy", async () => {
    const token = await t.newUser("core@example.com");
    const sub = await json<Subscription>(await t.request("/api/subscription", { token }));
    expect(sub).toEqual({
      plan: "core",
      source: "none",
      validUntil: null,
      trialAvailable: true,
      checkout: false,
      billing: "on",
      usage: { imagesThisMonth: 0, imagesPerMonth: 5 },
      budget: null,
    });
    const check = await t.request("/api/check-subscription", { method: "POST", token });
    expect(await json(check)).toEqual({ subscribed: false, tier: null, validUntil: null });
    const team = await t.request("/api/check-team-access", { method: "POST", token });
    expect(await json(team)).toEqual({ team_access: [], has_team_features: false });
    expect((await t.request("/api/check-subscription", { method: "POST" })).status).toBe(401);
  });

  it("starts the 7-day Pro trial once, even when asked twice at once, and ends it on time", async () => {
    const token = await t.newUser("trial@example.com");
    const before = Date.now();
    const [a, b] = await Promise.all([
      t.request("/api/billing/trial", { method: "POST", token }),
      t.request("/api/billing/trial", { method: "POST", token }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const started = await json<Subscription>(a.status === 201 ? a : b);
    expect(started).toMatchObject({ plan: "pro", source: "trial", trialAvailable: false });
    const days = (Date.parse(started.validUntil!) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const check = await json<CheckSubscription>(
      await t.request("/api/check-subscription", { method: "POST", token }),
    );
    expect(check).toEqual({ subscribed: true, tier: "Pro", validUntil: started.validUntil });

    const again = await t.request("/api/billing/trial", { method: "POST", token });
    expect(again.status).toBe(409);
    expect(await message(again)).toBe("Your free trial has already been used.");

    // A week later it is over: Core again, and it does not start a second time.
    await t.services.database.db
      .update(subscriptions)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, await userId(t, "trial@example.com")));
    expect(await json(await t.request("/api/subscription", { token }))).toMatchObject({
      plan: "core",
      trialAvailable: false,
    });
    expect((await t.request("/api/billing/trial", { method: "POST", token })).status).toBe(409);
  });

  it("refuses models above the plan, naming the plan, and stores nothing", async () => {
    const token = await t.newUser("frugal@example.com");
    const chat = (model: string) =>
      t.request("/api/chat-stream", { method: "POST", token, json: { message: "Hello there", model } });
    const refused = await chat("gpt-5");
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({
      error: { code: "PLAN_REQUIRED", message: "GPT-5 is on the Max plan and up. Upgrade to use it." },
    });
    const gpt4o = await chat("gpt-4o");
    expect(gpt4o.status).toBe(403);
    expect(await message(gpt4o)).toBe("GPT-4o is on the Pro plan and up. Upgrade to use it.");
    const mine = await t.services.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.userId, await userId(t, "frugal@example.com")));
    expect(mine).toEqual([]);
    // The guide and the small models are Core's.
    expect((await readSse(await chat("guide"))).at(-1)).toMatchObject({ type: "complete" });

    const compare = await t.request("/api/comparisons", {
      method: "POST",
      token,
      json: { prompt: "Which is best?", models: ["guide", "claude-sonnet"] },
    });
    expect(compare.status).toBe(403);
    expect(await message(compare)).toBe("Claude 4 Sonnet is on the Max plan and up. Upgrade to use it.");

    await t.setPlan("frugal@example.com", "max");
    expect((await readSse(await chat("gpt-5"))).at(-1)).toMatchObject({ type: "complete" });
  });

  it("lists models above the plan as unavailable, saying which plan includes them", async () => {
    const token = await t.newUser("browser@example.com");
    const models = async () =>
      (await json<ModelsResponse>(await t.request("/api/models", { token }))).groups.flatMap((g) => g.models);
    const gpt5 = (await models()).find((m) => m.id === "gpt-5")!;
    expect(gpt5).toMatchObject({
      available: false,
      requiredPlan: "max",
      unavailableReason: "GPT-5 is on the Max plan and up. Upgrade to use it.",
    });
    expect((await models()).find((m) => m.id === "guide")).toMatchObject({
      available: true,
      requiredPlan: null,
    });
    await t.setPlan("browser@example.com", "max");
    expect((await models()).find((m) => m.id === "gpt-5")).toMatchObject({
      available: true,
      requiredPlan: null,
    });
  });

  it("keeps making assistants to Max and up", async () => {
    const token = await t.newUser("maker@example.com");
    const body = {
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
    };
    const refused = await t.request("/api/assistants", { method: "POST", token, json: body });
    expect(refused.status).toBe(403);
    expect(await message(refused)).toBe(
      "Making your own assistants is on the Max plan and up. Upgrade to use it.",
    );
    await t.setPlan("maker@example.com", "max");
    expect((await t.request("/api/assistants", { method: "POST", token, json: body })).status).toBe(201);
  });

  it("counts images a month right under concurrent requests, and failed ones do not count", async () => {
    await t.newUser("painter@example.com");
    const id = await userId(t, "painter@example.com");
    const one = { prompt: "a lighthouse", model: "test", aspectRatio: "16:9" };
    const tries = await Promise.allSettled(
      Array.from({ length: 8 }, () => reserveImages(t.services.database.db, id, [one])),
    );
    expect(tries.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    const refusal = tries.find((r) => r.status === "rejected")!;
    expect(String(refusal.reason)).toContain(
      "You have used 5 of the 5 images your Core plan includes this month.",
    );
    expect((refusal.reason as { status: number }).status).toBe(402);
    expect(await imagesThisMonth(t.services.database.db, id)).toBe(5);

    const [first] = await t.services.database.db
      .select()
      .from(generatedImages)
      .where(eq(generatedImages.userId, id))
      .limit(1);
    await t.services.database.db
      .update(generatedImages)
      .set({ status: "failed" })
      .where(eq(generatedImages.id, first!.id));
    await expect(reserveImages(t.services.database.db, id, [one])).resolves.toHaveLength(1);
    await expect(reserveImages(t.services.database.db, id, [one])).rejects.toThrow("5 of the 5");

    await t.setPlan("painter@example.com", "pro");
    await expect(
      reserveImages(
        t.services.database.db,
        id,
        Array.from({ length: 95 }, () => one),
      ),
    ).resolves.toHaveLength(95);
    await expect(reserveImages(t.services.database.db, id, [one])).rejects.toThrow("100 of the 100");
  });

  it("lets only the instance's admins set plans, at once", async () => {
    const target = await t.newUser("promoted@example.com");
    const root = await t.newUser("root@example.com");
    const set = (token: string, json: unknown) =>
      t.request("/api/admin/plans", { method: "PUT", token, json });
    const denied = await set(target, { email: "promoted@example.com", plan: "max" });
    expect(denied.status).toBe(403);
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const done = await set(root, { email: "Promoted@example.com", plan: "team", validUntil: until });
    expect(done.status).toBe(200);
    expect(await json(done)).toMatchObject({ plan: "team", source: "admin", validUntil: until });
    expect(await json(await t.request("/api/check-team-access", { method: "POST", token: target }))).toEqual({
      team_access: [],
      has_team_features: true,
    });
    expect((await set(root, { email: "nobody@example.com", plan: "pro" })).status).toBe(404);
    // The instance's first account is its admin, without being listed in ADMIN_EMAILS.
    const first = (await t.signIn("core@example.com")).headers.get("set-auth-token")!;
    expect((await set(first, { email: "promoted@example.com", plan: "pro" })).status).toBe(200);
    expect((await set(first, { email: "promoted@example.com", plan: "team" })).status).toBe(200);
    expect((await set(root, { email: "promoted@example.com", plan: "gold" })).status).toBe(400);
    const expired = await set(root, {
      email: "promoted@example.com",
      plan: "max",
      validUntil: new Date(Date.now() - 1000).toISOString(),
    });
    expect(await json(expired)).toMatchObject({ plan: "core" });
  });

  it("has nothing to buy and no webhook without Stripe", async () => {
    const token = await t.newUser("buyer@example.com");
    const checkout = await t.request("/api/billing/checkout", {
      method: "POST",
      token,
      json: { plan: "pro" },
    });
    expect(checkout.status).toBe(409);
    expect((await t.request("/api/billing/webhook", { method: "POST", body: "{}" })).status).toBe(404);
  });
});

describe("plans with Stripe", () => {
  const SECRET = "whsec_test_secret";
  let stripeApi: Server;
  const calls: { path: string; form: URLSearchParams; auth: string | undefined }[] = [];
  let t: TestApp;
  let token: string;
  let id: string;
  beforeAll(async () => {
    // Stripe's REST API as Checkout and the portal answer it: form-encoded in, JSON with a url out.
    stripeApi = createServer((req: IncomingMessage, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        calls.push({ path: req.url ?? "", form: new URLSearchParams(body), auth: req.headers.authorization });
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            id: "cs_1",
            url: `https://pay.example/${req.url?.includes("portal") ? "portal" : "checkout"}`,
          }),
        );
      });
    });
    await new Promise<void>((r) => stripeApi.listen(0, "127.0.0.1", r));
    t = await createTestApp({
      STRIPE_SECRET_KEY: "sk_test_key",
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_PRICE_PRO: "price_pro",
      STRIPE_PRICE_MAX: "price_max",
      STRIPE_API_BASE: `http://127.0.0.1:${(stripeApi.address() as AddressInfo).port}`,
    });
    token = await t.newUser("customer@example.com");
    id = await userId(t, "customer@example.com");
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((r) => stripeApi.close(() => r()));
  });

  const deliver = (event: unknown, opts: { secret?: string; at?: number } = {}) => {
    const raw = JSON.stringify(event);
    const at = opts.at ?? Math.floor(Date.now() / 1000);
    return t.request("/api/billing/webhook", {
      method: "POST",
      headers: {
        "stripe-signature": signPayload(opts.secret ?? SECRET, raw, at),
        "content-type": "application/json",
      },
      body: raw,
    });
  };
  const subscriptionEvent = (
    eventId: string,
    created: number,
    type: string,
    price: string,
    status = "active",
  ) => ({
    id: eventId,
    type,
    created,
    data: {
      object: {
        id: "sub_1",
        customer: "cus_1",
        status,
        metadata: { user_id: id },
        items: { data: [{ price: { id: price }, current_period_end: created + 30 * 86_400 }] },
      },
    },
  });
  const plan = async () => (await json<Subscription>(await t.request("/api/subscription", { token }))).plan;

  it("sends the configured price to Checkout, never one from the client", async () => {
    const res = await t.request("/api/billing/checkout", { method: "POST", token, json: { plan: "pro" } });
    expect(await json(res)).toEqual({ url: "https://pay.example/checkout" });
    const call = calls.at(-1)!;
    expect(call.path).toBe("/v1/checkout/sessions");
    expect(call.auth).toBe("Bearer sk_test_key");
    expect(call.form.get("line_items[0][price]")).toBe("price_pro");
    expect(call.form.get("client_reference_id")).toBe(id);
    expect(call.form.get("customer_email")).toBe("customer@example.com");
    expect(call.form.get("success_url")).toBe(
      "http://localhost:3000/dashboard/team-settings?checkout=success",
    );
    const sneaky = await t.request("/api/billing/checkout", {
      method: "POST",
      token,
      json: { plan: "pro", price: "price_free" },
    });
    expect(sneaky.status).toBe(400);
    expect(
      (await t.request("/api/billing/checkout", { method: "POST", token, json: { plan: "team" } })).status,
    ).toBe(400);
    expect(await plan()).toBe("core");
  });

  it("refuses webhooks with a bad signature or a stale timestamp", async () => {
    const event = subscriptionEvent("evt_forged", 1_000, "customer.subscription.created", "price_max");
    expect((await deliver(event, { secret: "whsec_wrong" })).status).toBe(400);
    expect((await deliver(event, { at: Math.floor(Date.now() / 1000) - 600 })).status).toBe(400);
    const unsigned = await t.request("/api/billing/webhook", { method: "POST", body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    expect(await plan()).toBe("core");
  });

  it("applies each event once and in any order; the final state is the latest one's", async () => {
    const base = Math.floor(Date.now() / 1000);
    const completed = {
      id: "evt_checkout",
      type: "checkout.session.completed",
      created: base,
      data: { object: { client_reference_id: id, customer: "cus_1", subscription: "sub_1" } },
    };
    expect(await json(await deliver(completed))).toMatchObject({ outcome: "applied" });

    const created = subscriptionEvent("evt_1", base + 1, "customer.subscription.created", "price_pro");
    expect(await json(await deliver(created))).toMatchObject({ outcome: "applied" });
    expect(await plan()).toBe("pro");
    expect(await json(await deliver(created))).toMatchObject({ outcome: "duplicate" });

    // An upgrade arrives before an older update: the older one changes nothing.
    const upgrade = subscriptionEvent("evt_3", base + 3, "customer.subscription.updated", "price_max");
    const older = subscriptionEvent("evt_2", base + 2, "customer.subscription.updated", "price_pro");
    expect(await json(await deliver(upgrade))).toMatchObject({ outcome: "applied" });
    expect(await json(await deliver(older))).toMatchObject({ outcome: "ignored" });
    const sub = await json<Subscription>(await t.request("/api/subscription", { token }));
    expect(sub).toMatchObject({ plan: "max", source: "stripe", checkout: true });
    expect(Date.parse(sub.validUntil!)).toBe((base + 3 + 30 * 86_400) * 1000);

    const portal = await t.request("/api/billing/portal", { method: "POST", token });
    expect(await json(portal)).toEqual({ url: "https://pay.example/portal" });
    expect(calls.at(-1)!.form.get("customer")).toBe("cus_1");
    // Changing plans while paying goes through the portal, not a second subscription.
    const change = await t.request("/api/billing/checkout", { method: "POST", token, json: { plan: "pro" } });
    expect(await json(change)).toEqual({ url: "https://pay.example/portal" });
    expect(calls.at(-1)!.path).toBe("/v1/billing_portal/sessions");

    const cancelled = subscriptionEvent(
      "evt_4",
      base + 4,
      "customer.subscription.deleted",
      "price_max",
      "canceled",
    );
    expect(await json(await deliver(cancelled))).toMatchObject({ outcome: "applied" });
    expect(await plan()).toBe("core");
    expect(await json(await deliver(upgrade))).toMatchObject({ outcome: "duplicate" });
    expect(await plan()).toBe("core");
  });
});
