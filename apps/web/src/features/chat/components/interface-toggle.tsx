import { Sparkles, Undo2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { ChatInterface } from "@/lib/local-preferences";
import { useTranslation } from "react-i18next";

/** Switches between the classic and the new streaming interface (only with streamingChatV2 on). */
export function InterfaceToggle({
  value,
  onChange,
}: {
  value: ChatInterface;
  onChange: (next: ChatInterface) => void;
}) {
  const { t } = useTranslation("chat");
  if (value === "new") {
    return (
      <Button variant="ghost" size="sm" onClick={() => onChange("old")}>
        <Undo2 aria-hidden="true" />
        {t("interface.backToClassic")}
      </Button>
    );
  }
  return (
    <Button variant="outline" size="sm" onClick={() => onChange("new")}>
      <Sparkles aria-hidden="true" />
      {t("interface.tryNew")}
      <Badge className="px-1.5 py-0 text-[0.65rem]">{t("interface.beta")}</Badge>
    </Button>
  );
}
