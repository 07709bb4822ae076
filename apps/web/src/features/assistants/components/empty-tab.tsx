import { Bot, Globe, Star } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { AssistantTab } from "../utils/assistant-tabs";
import { NewAssistantButton } from "./new-assistant-button";

/** What an empty tab says, and for Mine the way to fill it. */
export function EmptyTab({ tab, onCreate }: { tab: AssistantTab; onCreate: () => void }) {
  const { t } = useTranslation("assistants");
  const Icon = tab === "favorites" ? Star : tab === "public" ? Globe : Bot;
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-14 text-center">
      <Icon className="size-8 text-muted-foreground/70" aria-hidden="true" />
      <p className="text-sm text-muted-foreground">{t(`empty.${tab}`)}</p>
      {tab === "mine" ? <NewAssistantButton size="sm" onCreate={onCreate} /> : null}
    </div>
  );
}
