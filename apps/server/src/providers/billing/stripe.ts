// Stripe, spoken directly over its REST API (no SDK): Checkout and customer-portal sessions, and
// webhook signatures checked the documented way (HMAC-SHA256 over "timestamp.body" with the
// endpoint secret, compared in constant time, within a 5-minute tolerance). Prices come from the
// operator's configuration, never from the client.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { PlanId } from "@tessera/contracts";

export const WEBHOOK_TOLERANCE_SECONDS = 300;
const API_TIMEOUT_MS = 15_000;

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** The Stripe price id of each plan that can be bought here. */
  prices: Partial<Record<Exclude<PlanId, "core">, string>>;
  apiBase?: string;
}

export interface StripeEvent {
  id: string;
  type: string;
  /** Unix seconds. */
  created: number;
  data: { object: Record<string, unknown> };
}

export class StripeError extends Error {
  override name = "StripeError";
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}

export interface Stripe {
  canSell(plan: PlanId): boolean;
  planForPrice(priceId: string | undefined): Exclude<PlanId, "core"> | null;
  createCheckoutSession(input: {
    plan: Exclude<PlanId, "core">;
    userId: string;
    email: string;
    customerId: string | null;
    successUrl: string;
    cancelUrl: string;
  }): Promise<string>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<string>;
  verifyWebhook(rawBody: string, signature: string | undefined, nowSeconds?: number): StripeEvent;
}

/** The "t=…,v1=…" header Stripe sends; exported so tests sign events the same way. */
export function signPayload(secret: string, rawBody: string, timestamp: number): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

export function createStripe(config: StripeConfig): Stripe {
  const base = (config.apiBase ?? "https://api.stripe.com").replace(/\/$/, "");

  // Stripe's API base comes from configuration (STRIPE_API_BASE), never from a user: no guarded client.
  async function post(path: string, form: Record<string, string>): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${config.secretKey}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      });
    } catch {
      throw new StripeError("Stripe could not be reached.", null);
    }
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) throw new StripeError(`Stripe answered ${res.status}.`, res.status);
    return body;
  }

  const urlOf = (body: Record<string, unknown>) => {
    if (typeof body.url !== "string") throw new StripeError("Stripe sent no address to continue at.", null);
    return body.url;
  };

  return {
    canSell: (plan) => plan !== "core" && Boolean(config.prices[plan]),
    planForPrice(priceId) {
      if (!priceId) return null;
      const entry = Object.entries(config.prices).find(([, id]) => id === priceId);
      return (entry?.[0] as Exclude<PlanId, "core"> | undefined) ?? null;
    },
    async createCheckoutSession(input) {
      const price = config.prices[input.plan];
      if (!price) throw new StripeError(`The ${input.plan} plan has no price here.`, null);
      const form: Record<string, string> = {
        mode: "subscription",
        "line_items[0][price]": price,
        "line_items[0][quantity]": "1",
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        client_reference_id: input.userId,
        "metadata[user_id]": input.userId,
        "subscription_data[metadata][user_id]": input.userId,
      };
      if (input.customerId) form.customer = input.customerId;
      else form.customer_email = input.email;
      return urlOf(await post("/v1/checkout/sessions", form));
    },
    async createPortalSession(input) {
      return urlOf(
        await post("/v1/billing_portal/sessions", {
          customer: input.customerId,
          return_url: input.returnUrl,
        }),
      );
    },
    verifyWebhook(rawBody, signature, nowSeconds = Math.floor(Date.now() / 1000)) {
      const parts = (signature ?? "").split(",").map((p) => p.trim().split("="));
      const timestamp = Number(parts.find(([k]) => k === "t")?.[1]);
      const candidates = parts.filter(([k]) => k === "v1").map(([, v]) => v ?? "");
      if (!Number.isInteger(timestamp) || candidates.length === 0)
        throw new WebhookSignatureError("The Stripe-Signature header is missing or malformed.");
      if (Math.abs(nowSeconds - timestamp) > WEBHOOK_TOLERANCE_SECONDS)
        throw new WebhookSignatureError("The webhook's timestamp is outside the tolerance.");
      const expected = Buffer.from(
        signPayload(config.webhookSecret, rawBody, timestamp).split("v1=")[1]!,
        "hex",
      );
      const ok = candidates.some((c) => {
        const given = Buffer.from(c, "hex");
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
      if (!ok) throw new WebhookSignatureError("The webhook's signature does not match.");
      let event: unknown;
      try {
        event = JSON.parse(rawBody);
      } catch {
        throw new WebhookSignatureError("The webhook's body is not JSON.");
      }
      const e = event as Partial<StripeEvent>;
      if (typeof e.id !== "string" || typeof e.type !== "string" || typeof e.created !== "number" || !e.data)
        throw new WebhookSignatureError("The webhook's body is not a Stripe event.");
      return e as StripeEvent;
    },
  };
}
