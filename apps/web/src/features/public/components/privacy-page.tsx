// The privacy policy for a self-hosted instance: what it keeps, what reaches outside providers when
// the operator connects them, and how to have it deleted.
import { Lock } from "lucide-react";
import { LegalPage, type LegalSection } from "./legal-page";

const SECTIONS: LegalSection[] = [
  { id: "controller", blocks: ["p1"] },
  { id: "data", blocks: [["account", "created", "usage", "sessions", "plan"]] },
  { id: "use", blocks: ["p1"] },
  { id: "providers", blocks: ["lead", ["model", "search", "media"], "p2"] },
  { id: "cookies", blocks: ["lead", ["session", "theme", "preferences", "cache"], "p2"] },
  { id: "retention", blocks: ["p1", "p2"] },
  { id: "security", blocks: ["p1"] },
  { id: "rights", blocks: ["p1"] },
  { id: "children", blocks: ["p1"] },
  { id: "changes", blocks: ["p1"] },
  { id: "contact", blocks: ["p1"] },
];

const OPTIONS = { "changes.p1": { to: "/terms" } };

export function PrivacyPage() {
  return <LegalPage page="privacy" icon={Lock} sections={SECTIONS} options={OPTIONS} />;
}
