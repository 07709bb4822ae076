// The chat's keyboard shortcuts, as other chat apps have taught people: Ctrl+Shift+O (Cmd+Shift+O on a
// Mac) starts a new chat, Ctrl+K (Cmd+K) goes to Search chats. They work from anywhere on the chat page,
// the message box included, but not from a dialog over it; Ctrl+B (the sidebar) is the app shell's.
import { useEffect, useRef } from "react";
import { isCommandKey } from "@/lib/command-key";

export const isNewChatShortcut = (event: KeyboardEvent) => isCommandKey(event, "o") && event.shiftKey;

export const isSearchChatsShortcut = (event: KeyboardEvent) => isCommandKey(event, "k") && !event.shiftKey;

export function useChatShortcuts(actions: { onNewChat: () => void; onSearchChats: () => void }): void {
  // The latest actions, without listening again on every render.
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      // A dialog over the chat (the model picker, the prompt library, a confirmation) keeps its keys.
      if (event.target instanceof Element && event.target.closest('[role="dialog"], [role="alertdialog"]'))
        return;
      if (isNewChatShortcut(event)) {
        event.preventDefault();
        latest.current.onNewChat();
      } else if (isSearchChatsShortcut(event)) {
        event.preventDefault();
        latest.current.onSearchChats();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
