// Stripe webhook events, applied once each (by event id) and in any order: a subscription event
// older than the one last applied changes nothing. The webhook is the only way a paid plan starts.
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { billingEvents, subscriptions } from "../db/schema";
import type { Logger } from "../lib/logger";
import type { Stripe, StripeEvent } from "../providers/billing/stripe";

/** Stripe statuses in which the plan is in force. */
const ACTIVE = new Set(["active", "trialing"]);

type Outcome = "applied" | "duplicate" | "ignored";

const str = (v: unknown) => (typeof v === "string" && v ? v : null);
const record = (v: unknown) => (v && typeof v === "object" ? (v as Record<string, unknown>) : {});

export async function applyStripeEvent(
  db: Database,
  stripe: Stripe,
  event: StripeEvent,
  logger: Logger,
): Promise<Outcome> {
  const at = new Date(event.created * 1000);
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type, createdAt: at })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (fresh.length === 0) return "duplicate";
    const object = event.data.object;

    if (event.type === "checkout.session.completed") {
      // Links the person to their Stripe customer; the plan itself comes with the subscription events.
      const userId = str(object.client_reference_id) ?? str(record(object.metadata).user_id);
      const customer = str(object.customer);
      if (!userId || !customer) return "ignored";
      await tx
        .insert(subscriptions)
        .values({ userId, stripeCustomerId: customer, stripeSubscriptionId: str(object.subscription) })
        .onConflictDoUpdate({
          target: subscriptions.userId,
          set: {
            stripeCustomerId: customer,
            stripeSubscriptionId: sql`coalesce(${subscriptions.stripeSubscriptionId}, ${str(object.subscription)})`,
          },
        });
      return "applied";
    }

    if (!event.type.startsWith("customer.subscription.")) return "ignored";
    const customer = str(object.customer);
    let userId = str(record(object.metadata).user_id);
    if (!userId && customer) {
      const [owner] = await tx
        .select({ userId: subscriptions.userId })
        .from(subscriptions)
        .where(eq(subscriptions.stripeCustomerId, customer));
      userId = owner?.userId ?? null;
    }
    if (!userId) {
      logger.warn(
        { event: "billing.unmatched", type: event.type, id: event.id },
        "no user for this subscription",
      );
      return "ignored";
    }
    await tx.insert(subscriptions).values({ userId }).onConflictDoNothing();
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for("update");
    if (row!.stripeEventAt && row!.stripeEventAt > at) return "ignored";

    const items = record(object.items).data;
    const item = record(Array.isArray(items) ? items[0] : undefined);
    const plan = stripe.planForPrice(str(record(item.price).id) ?? undefined);
    const status =
      event.type === "customer.subscription.deleted" ? "canceled" : (str(object.status) ?? "unknown");
    const periodEnd = Number(object.current_period_end ?? item.current_period_end);
    const inForce = ACTIVE.has(status) && plan !== null;
    const stripeFields = {
      stripeCustomerId: customer ?? row!.stripeCustomerId,
      stripeSubscriptionId: str(object.id),
      stripeStatus: status,
      stripeEventAt: at,
      updatedAt: new Date(),
    };
    const planFields = inForce
      ? {
          plan,
          source: "stripe" as const,
          validUntil: Number.isFinite(periodEnd) && periodEnd > 0 ? new Date(periodEnd * 1000) : null,
        }
      : row!.source === "stripe"
        ? { plan: "core" as const, source: "none" as const, validUntil: null }
        : {};
    await tx
      .update(subscriptions)
      .set({ ...stripeFields, ...planFields })
      .where(eq(subscriptions.userId, userId));
    return "applied";
  });
}
