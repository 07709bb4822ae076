import { CreditCard } from "lucide-react";
import { ComingSoon } from "@/components/coming-soon";

export function PricingPage() {
  return (
    <ComingSoon
      title="Pricing"
      icon={CreditCard}
      description="Compare the Core, Pro, Max and Team plans and start a 7-day free trial without a card."
      highlights={[
        "Core: free to start",
        "Pro: more images, voice and files",
        "Max: every model and API access",
        "Team: shared workspaces and analytics",
      ]}
    />
  );
}
