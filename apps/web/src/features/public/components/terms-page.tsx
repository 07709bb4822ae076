// The terms of service for a self-hosted instance: the operator runs it, Tessera is the software.
import { MONEY_BACK_DAYS, PLANS, TRIAL_DAYS, TRIAL_PLAN } from "@tessera/contracts";
import { Scale } from "lucide-react";
import { formatCount, formatCurrency } from "@/lib/utils";
import { LegalPage, type LegalSection, type LegalTextOptions } from "./legal-page";

const SECTIONS: LegalSection[] = [
  { id: "who", blocks: ["p1", "p2"] },
  { id: "account", blocks: [["email", "password", "apiKeys", "age"]] },
  {
    id: "acceptable-use",
    key: "acceptableUse",
    blocks: ["lead", ["law", "harm", "attacks", "impersonation", "limits", "rights"], "enforcement"],
  },
  { id: "content", blocks: ["p1", "p2"] },
  { id: "ai-output", key: "aiOutput", blocks: [["accuracy", "advice", "responsibility", "local"]] },
  { id: "providers", blocks: ["p1"] },
  { id: "plans", blocks: [["plans", "trial", "buying", "byAdmin", "changes", "cancelling", "refund"]] },
  { id: "availability", blocks: ["p1"] },
  { id: "ending", blocks: ["p1"] },
  { id: "liability", blocks: ["p1", "p2"] },
  { id: "changes", blocks: ["p1"] },
  { id: "contact", blocks: ["p1"] },
];

// Whole dollars, as the pricing page shows them.
const price = (id: "pro" | "max" | "team") =>
  formatCurrency(PLANS[id].priceMonthly, "USD", { minimumFractionDigits: 0, maximumFractionDigits: 0 });

export function TermsPage() {
  // Made at render, so prices and counts follow the language chosen.
  const options: Record<string, LegalTextOptions> = {
    "providers.p1": { to: "/privacy#providers" },
    "plans.plans": { to: "/pricing", values: { pro: price("pro"), max: price("max"), team: price("team") } },
    "plans.trial": {
      count: TRIAL_DAYS,
      values: { plan: PLANS[TRIAL_PLAN].name, days: formatCount(TRIAL_DAYS) },
    },
    "plans.refund": { count: MONEY_BACK_DAYS, values: { days: formatCount(MONEY_BACK_DAYS) } },
    "contact.p1": { to: "/pricing" },
  };
  return <LegalPage page="terms" icon={Scale} sections={SECTIONS} options={options} />;
}
