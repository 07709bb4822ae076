import { Bot, Globe, Star } from "lucide-react";
import type { AssistantTab } from "../utils/assistant-tabs";
import { NewAssistantButton } from "./new-assistant-button";

const TEXT: Record<AssistantTab, string> = {
  favorites: "No favorites yet. Star an assistant to keep it here.",
  "built-in": "No built-in assistants are installed.",
  mine: "You have not made an assistant yet.",
  public: "No one else has made an assistant public yet.",
  shared: "Nothing is shared with you.",
  team: "Your team has no assistants yet.",
};

/** What an empty tab says, and for Mine the way to fill it. */
export function EmptyTab({ tab, onCreate }: { tab: AssistantTab; onCreate: () => void }) {
  const Icon = tab === "favorites" ? Star : tab === "public" ? Globe : Bot;
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-14 text-center">
      <Icon className="size-8 text-muted-foreground/70" aria-hidden="true" />
      <p className="text-sm text-muted-foreground">{TEXT[tab]}</p>
      {tab === "mine" ? <NewAssistantButton size="sm" onCreate={onCreate} /> : null}
    </div>
  );
}
