import { Telescope } from "lucide-react";
import { ComingSoon } from "@/components/coming-soon";

export function JigsawSearchPage() {
  return (
    <ComingSoon
      title="AI Search Engine"
      icon={Telescope}
      description="Search with an AI overview that cites its sources, related images and follow-up questions."
      highlights={[
        "Sources with snippets",
        "An AI overview as it is written",
        "Up to 12 related images",
        "Related questions and follow-ups",
      ]}
    />
  );
}
