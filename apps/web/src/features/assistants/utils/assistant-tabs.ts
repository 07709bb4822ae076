// Which tab of the assistants page an assistant belongs in. Favorites repeat assistants that also
// sit in another tab; Shared and Team appear only when the server lists such assistants.
import type { Assistant } from "@tessera/contracts";

export type AssistantTab = "favorites" | "built-in" | "mine" | "public" | "shared" | "team";

const belongs: Record<AssistantTab, (a: Assistant) => boolean> = {
  favorites: (a) => a.isFavorite,
  "built-in": (a) => a.isSystem,
  mine: (a) => a.isOwned,
  public: (a) => a.isPublic && !a.isSystem && !a.isOwned && !a.isTeam,
  shared: (a) => a.isShared && !a.isOwned,
  team: (a) => a.isTeam,
};

/** Always shown, even when empty (their empty state says how to fill them). */
const ALWAYS: AssistantTab[] = ["favorites", "built-in", "mine", "public"];
const WHEN_PRESENT: AssistantTab[] = ["shared", "team"];

export function assistantTabs(list: Assistant[]): { tab: AssistantTab; assistants: Assistant[] }[] {
  const all = [...ALWAYS, ...WHEN_PRESENT].map((tab) => ({ tab, assistants: list.filter(belongs[tab]) }));
  return all.filter(({ tab, assistants }) => ALWAYS.includes(tab) || assistants.length > 0);
}

export function isAssistantTab(value: string | null): value is AssistantTab {
  return value !== null && value in belongs;
}

/** Favorites when there are any, else the built-in ones. */
export function defaultTab(list: Assistant[]): AssistantTab {
  return list.some((a) => a.isFavorite) ? "favorites" : "built-in";
}
