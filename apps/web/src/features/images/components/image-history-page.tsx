import { History } from "lucide-react";
import { ComingSoon } from "@/components/coming-soon";

export function ImageHistoryPage() {
  return (
    <ComingSoon
      title="Image History"
      icon={History}
      description="Every image you have generated, with its prompt and model, ready to download or delete."
    />
  );
}
