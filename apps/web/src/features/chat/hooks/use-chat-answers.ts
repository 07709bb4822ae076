// Chat's answers as durable answers (lib/durable-answer): what their stream's events mean, how one is
// stopped by name, read as stored and relayed token by token, and where one that ended goes in the
// conversation's list. The turns that ask for answers (use-send-turn, use-regenerate-turn) add theirs.
import i18next from "i18next";
import type { ChatStopRequest, ChatStreamEvent, StoredMessage } from "@tessera/contracts";
import { useCallback, useEffect } from "react";
import { errorMessage, isNotFound } from "@/lib/api-client";
import { readStoredSession } from "@/lib/auth-storage";
import { isRunning } from "@/lib/durable-answer/durable-answer";
import { useDurableAnswers } from "@/lib/durable-answer/use-durable-answers";
import { toast } from "@/lib/toast";
import { relayAnswer } from "../api/follow-answer";
import { readRecentMessage } from "../api/get-conversation-messages";
import { stopAnswer, stopFailedText } from "../api/stop-answer";
import { CHAT_RETRY_DELAYS_MS, chatErrorText, isNetworkLike } from "../utils/chat-errors";
import type { ChatMessage } from "../utils/chat-message";
import { chatEventMeaning, keptMessage, storedChatAnswer, type ChatAnswer } from "../utils/chat-turn";
import type { useConversationHistory } from "./use-conversation-history";

/** The toast shown while a lost turn's answer is followed; it goes once the answer has ended. */
export const RECONNECTING_TOAST = "chat-reconnecting";
/** A followed answer no longer among the conversation's newest (deleted, say): nothing to show. */
const ANSWER_GONE = "This answer is no longer stored.";

const say = (key: string) => i18next.t(key, { ns: "chat" });

/** Asks the server to stop an answer; says so if the request never reached it (a 404 had nothing to stop). */
export function requestStop(target: ChatStopRequest): Promise<void> {
  const stopping = stopAnswer(target);
  stopping.catch(
    (error: unknown) =>
      !isNotFound(error) && toast.error(say("tools.error"), { description: stopFailedText() }),
  );
  return stopping;
}

/** A turn needs a session: without one it says so, and nothing is sent. */
export function signedIn(): boolean {
  const token = readStoredSession()?.token;
  if (!token) toast.error(say("tools.error"), { description: say("session.none") });
  return Boolean(token);
}

export function useChatAnswers(history: ReturnType<typeof useConversationHistory>) {
  const { conversationRef, setMessages } = history;
  const answers = useDurableAnswers<ChatStreamEvent, ChatMessage, StoredMessage>({
    meaning: chatEventMeaning,
    stop: (messageId) => requestStop({ messageId }),
    read: async (id) => (conversationRef.current ? readRecentMessage(conversationRef.current, id) : null),
    stored: storedChatAnswer,
    relay: relayAnswer,
    reconnect: {
      delaysMs: CHAT_RETRY_DELAYS_MS,
      retryable: isNetworkLike,
      onRetry: (n, of) =>
        toast.warning(say("connection.issue"), {
          description: i18next.t("connection.retrying", { ns: "chat", attempt: n, of }),
        }),
    },
    errorText: (error) => chatErrorText(errorMessage(error)),
    endedEarly: say("connection.startFailed"),
    goneText: ANSWER_GONE,
  });
  useEffect(() => () => toast.dismiss(RECONNECTING_TOAST), []);

  /** Puts a message at the end of the list, or where it is when shown already (its stored form). */
  const put = useCallback(
    (message: ChatMessage) =>
      setMessages((list) =>
        list.some((m) => m.id === message.id)
          ? list.map((m) => (m.id === message.id ? message : m))
          : [...list, message],
      ),
    [setMessages],
  );

  /**
   * How an answer's changes show beyond the answer itself: a connection lost says it reconnects; one
   * that ended (or, stopped, was then read as stored) takes its place in the list.
   */
  const settle = useCallback(
    (answer: ChatAnswer, before: ChatAnswer) => {
      if (answer.reading === "reconnecting" && before.reading === "stream")
        toast.warning(say("connection.issue"), {
          id: RECONNECTING_TOAST,
          description: say("connection.reconnecting"),
        });
      if (isRunning(answer.phase)) return;
      toast.dismiss(RECONNECTING_TOAST);
      if (answer.phase === "stopped") put(isRunning(before.phase) ? keptMessage(answer) : answer.value);
      else if (answer.error !== ANSWER_GONE) put(answer.value);
    },
    [put],
  );

  /** The answer being written, shown under the list until it ends. */
  const live = [...answers.answers.values()].find((a) => isRunning(a.phase))?.value ?? null;
  return { ...answers, live, put, settle };
}

export type ChatAnswers = ReturnType<typeof useChatAnswers>;
