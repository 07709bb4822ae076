// Local preferences of spec §3, kept in this browser's localStorage under the spec's names. Chat,
// the prompt library and the image creator all read and write them, so they live here.
import { useMemo, useSyncExternalStore } from "react";

export const PREFERENCE_KEYS = {
  favoriteModels: "favoriteModels",
  recentPrompts: "recentPrompts",
  preferredImageStyle: "preferredImageStyle",
  chatInterface: "preferred_chat_interface",
  compareShowMetrics: "compare_show_metrics",
  compareAutoRate: "compare_auto_rate",
} as const;

export const FAVORITE_MODELS_KEPT = 3;
export const RECENT_PROMPTS_KEPT = 10;
export const MIN_REMEMBERED_PROMPT_CHARS = 10;

export type ChatInterface = "old" | "new";

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the preference lasts for this visit only.
  }
  notify();
}

/** A stored JSON value; undefined when there is none or it is not JSON. Its shape is the caller's to check. */
export function readJsonPreference(key: string): unknown {
  try {
    return JSON.parse(read(key) ?? "null") ?? undefined;
  } catch {
    return undefined;
  }
}

export const saveJsonPreference = (key: string, value: unknown) => write(key, JSON.stringify(value));

function readList(key: string): string[] {
  const parsed = readJsonPreference(key);
  return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === "string") : [];
}

/** Most recent first; a value already there moves to the front. */
function pushFront(key: string, value: string, keep: number): void {
  const next = [value, ...readList(key).filter((x) => x !== value)].slice(0, keep);
  saveJsonPreference(key, next);
}

export const readFavoriteModels = () =>
  readList(PREFERENCE_KEYS.favoriteModels).slice(0, FAVORITE_MODELS_KEPT);
export const rememberFavoriteModel = (modelId: string) =>
  pushFront(PREFERENCE_KEYS.favoriteModels, modelId, FAVORITE_MODELS_KEPT);

export const readRecentPrompts = () => readList(PREFERENCE_KEYS.recentPrompts).slice(0, RECENT_PROMPTS_KEPT);

/** Spec §5: only a non-blank prompt of at least 10 characters is remembered. */
export function rememberRecentPrompt(prompt: string): void {
  const text = prompt.trim();
  if (text.length < MIN_REMEMBERED_PROMPT_CHARS) return;
  pushFront(PREFERENCE_KEYS.recentPrompts, text, RECENT_PROMPTS_KEPT);
}

export const readPreferredImageStyle = () => read(PREFERENCE_KEYS.preferredImageStyle)?.trim() || null;

export const readChatInterface = (): ChatInterface =>
  read(PREFERENCE_KEYS.chatInterface) === "new" ? "new" : "old";
export const saveChatInterface = (value: ChatInterface) => write(PREFERENCE_KEYS.chatInterface, value);

/** Comparison settings (spec §3): metrics are shown unless turned off; auto-rating is opt-in. */
export const readCompareShowMetrics = () => read(PREFERENCE_KEYS.compareShowMetrics) !== "false";
export const readCompareAutoRate = () => read(PREFERENCE_KEYS.compareAutoRate) === "true";
export const saveCompareShowMetrics = (on: boolean) => write(PREFERENCE_KEYS.compareShowMetrics, String(on));
export const saveCompareAutoRate = (on: boolean) => write(PREFERENCE_KEYS.compareAutoRate, String(on));

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(PREFERENCE_KEYS).includes(event.key as never)) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Re-renders when any preference changes. `select` returns a string, so repeated reads compare equal. */
export function usePreference<T extends string | null>(select: () => T): T {
  return useSyncExternalStore(subscribe, select, select);
}

/** Favorites and recent prompts as arrays, re-read when they change. */
export function useFavoriteModels(): string[] {
  const joined = usePreference(() => JSON.stringify(readFavoriteModels()));
  return useMemo(() => JSON.parse(joined) as string[], [joined]);
}

export function useRecentPrompts(): string[] {
  const joined = usePreference(() => JSON.stringify(readRecentPrompts()));
  return useMemo(() => JSON.parse(joined) as string[], [joined]);
}

export function useChatInterface(): ChatInterface {
  return usePreference(readChatInterface);
}
