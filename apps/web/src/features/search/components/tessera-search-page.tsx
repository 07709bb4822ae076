import { Search } from "lucide-react";
import { ComingSoon } from "@/components/coming-soon";

export function TesseraSearchPage() {
  return (
    <ComingSoon
      title="AI Search"
      icon={Search}
      description="Ask anything and get a direct answer written by the model of your choice."
    />
  );
}
