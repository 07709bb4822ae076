// The tools switched on for the conversation on the page. The server remembers a conversation's set
// (sent with a message, it applies until changed); the page keeps the choice it made per conversation
// so the Tools button shows it, and sends it only once the person has chosen.
import { useCallback, useState } from "react";
import { readJsonPreference, saveJsonPreference } from "@/lib/local-preferences";

const keyOf = (conversationId: string | null) => `chat-tools:${conversationId ?? "new"}`;

function read(conversationId: string | null): string[] | null {
  const value = readJsonPreference(keyOf(conversationId));
  return Array.isArray(value) && value.every((v) => typeof v === "string") ? value : null;
}

export function useToolChoice(conversationId: string | null) {
  const [state, setState] = useState(() => ({ conversationId, tools: read(conversationId) }));
  // Another conversation opened: its own choice.
  const current =
    state.conversationId === conversationId ? state : { conversationId, tools: read(conversationId) };
  if (current !== state) setState(current);
  const choose = useCallback(
    (tools: string[]) => {
      saveJsonPreference(keyOf(conversationId), tools);
      setState({ conversationId, tools });
    },
    [conversationId],
  );
  /** A new conversation started with a choice keeps it under its own id. */
  const carryTo = useCallback((id: string, tools: string[] | null) => {
    if (tools) saveJsonPreference(keyOf(id), tools);
  }, []);
  return { tools: current.tools, choose, carryTo };
}
