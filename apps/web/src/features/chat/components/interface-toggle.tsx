import { Sparkles, Undo2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { ChatInterface } from "@/lib/local-preferences";

/** Switches between the classic and the new streaming interface (only with streamingChatV2 on). */
export function InterfaceToggle({
  value,
  onChange,
}: {
  value: ChatInterface;
  onChange: (next: ChatInterface) => void;
}) {
  if (value === "new") {
    return (
      <Button variant="ghost" size="sm" onClick={() => onChange("old")}>
        <Undo2 aria-hidden="true" />
        Back to Classic
      </Button>
    );
  }
  return (
    <Button variant="outline" size="sm" onClick={() => onChange("new")}>
      <Sparkles aria-hidden="true" />
      Try New Interface
      <Badge className="px-1.5 py-0 text-[0.65rem]">Beta</Badge>
    </Button>
  );
}
