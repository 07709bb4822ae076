// Whether this instance sells plans (BILLING), fixed at start for each database handle
// (bootstrap.ts). The plan checks in plans.ts take only the database, and the features that call them
// (chat, compare, search, the API…) stay as they are: with billing off those checks let everything
// through and the admin's budgets are the limits. A database nobody registered (a script, a bench)
// has billing on: the stricter rule.
import type { Database } from "../db/client";

export type BillingMode = "on" | "off";

const modes = new WeakMap<Database, BillingMode>();

export function setBillingMode(db: Database, mode: BillingMode): void {
  modes.set(db, mode);
}

export const billingMode = (db: Database): BillingMode => modes.get(db) ?? "on";
