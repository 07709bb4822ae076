// The conversation on screen and the verbs the page needs: send, answer again, stop, open a stored
// conversation, start afresh. Its stored messages are use-conversation-history's; each answer is a
// durable answer (use-chat-answers): it outlives the page, Stop names it, and one being written
// elsewhere (a reload, another tab, a connection lost) is followed as it is stored.
import { useCallback, useEffect, useRef } from "react";
import { toast } from "@/lib/toast";
import { fromStoredMessage } from "../utils/chat-message";
import type { PendingAttachment } from "./use-composer";
import { RECONNECTING_TOAST, useChatAnswers } from "./use-chat-answers";
import { useConversationHistory, type OpenResult } from "./use-conversation-history";
import { useRegenerateTurn } from "./use-regenerate-turn";
import { useSendTurn } from "./use-send-turn";

export type { RegenerateInput, SendInput } from "../utils/chat-turn";

export interface SessionEvents {
  /** A new conversation exists on the server (put it in the address). */
  onConversationStarted(conversationId: string): void;
  /** The message was not sent: give the prompt and files back to the input. */
  onRestore(prompt: string, attachments: PendingAttachment[]): void;
  /** The turn that created a conversation failed with no answer; the server dropped it too. */
  onConversationDiscarded(): void;
}

export function useChatSession(events: SessionEvents) {
  const eventsRef = useRef(events);
  useEffect(() => {
    eventsRef.current = events;
  });
  const history = useConversationHistory();
  const answers = useChatAnswers(history);
  const { release, follow, settle, stop: stopAnswers } = answers;
  const { conversationRef, reset: resetHistory, load } = history;

  const reset = useCallback(() => {
    // The answer goes on without this page (the server finishes and stores it); opening its
    // conversation again follows it.
    release();
    toast.dismiss(RECONNECTING_TOAST);
    resetHistory();
  }, [release, resetHistory]);

  /** Shows a stored conversation, following its last answer while it is still written. */
  const open = useCallback(
    async (conversationId: string): Promise<OpenResult> => {
      reset();
      const { writing, ...result } = await load(conversationId);
      const value = writing && { ...fromStoredMessage(writing), reveal: false };
      if (value) void follow(value.id, value.id, { value, changed: settle });
      return result;
    },
    [reset, load, follow, settle],
  );

  return {
    messages: history.messages,
    live: answers.live,
    busy: answers.running,
    loadingHistory: history.loadingHistory,
    older: history.older,
    loadOlder: history.loadOlder,
    send: useSendTurn(history, answers, eventsRef),
    regenerate: useRegenerateTurn(history, answers),
    /** Shows another version of a turn and the branch that follows it. */
    showBranch: history.showBranch,
    /** Ends the answer being written, here and on the server; what it had stays, marked as cut short. */
    stop: useCallback(() => stopAnswers(), [stopAnswers]),
    open,
    reset,
    /** The conversation being shown, read at call time (not a render value). */
    conversationId: useCallback(() => conversationRef.current, [conversationRef]),
  };
}
