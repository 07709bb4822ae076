// The stored conversation on screen: which one it is, its messages (its newest page, then earlier
// pages above as the person scrolls back) and reading them. The answer being written is not among
// them: it is a durable answer of the session (use-chat-session) until it ends.
import i18next from "i18next";
import type { StoredMessage } from "@tessera/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { isNotFound } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { conversationMessagesQuery, mayHaveOlder } from "../api/get-conversation-messages";
import { switchBranch } from "../api/switch-branch";
import { fromStoredMessage, type ChatMessage } from "../utils/chat-message";

/**
 * Messages before the first one shown: "none" (the conversation starts there), "more" (a scroll back
 * loads them), "loading", or "failed" (the person asks again).
 */
export type OlderMessages = "none" | "more" | "loading" | "failed";

export type OpenResult =
  { status: "loaded"; model: string | null } | { status: "failed" } | { status: "stale" };

export function useConversationHistory() {
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  // Read by regenerate at call time, so its callback stays the same while messages change.
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const [loadingHistory, setLoadingHistory] = useState(false);
  const [older, setOlderState] = useState<OlderMessages>("none");
  const olderRef = useRef<OlderMessages>("none");
  /** The oldest stored message shown: older ones are read from before it. */
  const oldestRef = useRef<string | null>(null);
  const conversationRef = useRef<string | null>(null);
  // Bumped by reset: a load from before it must not touch what is shown now.
  const generationRef = useRef(0);
  const setOlder = useCallback((value: OlderMessages) => {
    olderRef.current = value;
    setOlderState(value);
  }, []);
  /** A page read: its first message is now the oldest shown, and a full page may have more before it. */
  const notePage = useCallback(
    (page: readonly StoredMessage[]) => {
      oldestRef.current = page[0]?.id ?? oldestRef.current;
      setOlder(mayHaveOlder(page) ? "more" : "none");
    },
    [setOlder],
  );

  const reset = useCallback(() => {
    generationRef.current++;
    conversationRef.current = null;
    oldestRef.current = null;
    setMessages([]);
    setLoadingHistory(false);
    setOlder("none");
  }, [setOlder]);

  /**
   * Shows a stored conversation; answers the model of its last answer and, apart, that answer when it
   * is still being written (it is followed, not shown among the messages).
   */
  const load = useCallback(
    async (conversationId: string): Promise<OpenResult & { writing?: StoredMessage }> => {
      reset();
      const generation = generationRef.current;
      conversationRef.current = conversationId;
      setLoadingHistory(true);
      try {
        const stored = await queryClient.fetchQuery(conversationMessagesQuery(conversationId));
        if (generation !== generationRef.current) return { status: "stale" };
        const last = stored.at(-1);
        const writing = last?.role === "assistant" && last.status === "streaming" ? last : undefined;
        setMessages((writing ? stored.slice(0, -1) : stored).map(fromStoredMessage));
        notePage(stored);
        return { status: "loaded", model: stored.findLast((m) => m.model)?.model ?? null, writing };
      } catch (err) {
        if (generation !== generationRef.current) return { status: "stale" };
        conversationRef.current = null;
        // A link to a deleted conversation (or someone else's) is not a failure to retry.
        toast.error(i18next.t("tools.error", { ns: "chat" }), {
          description: isNotFound(err)
            ? i18next.t("history.notFound", { ns: "chat" })
            : i18next.t("history.loadFailed", { ns: "chat" }),
        });
        return { status: "failed" };
      } finally {
        if (generation === generationRef.current) setLoadingHistory(false);
      }
    },
    [queryClient, reset, notePage],
  );

  /** Puts the page of messages before the first one shown above it. */
  const loadOlder = useCallback(async () => {
    const conversationId = conversationRef.current;
    const before = oldestRef.current;
    if (!conversationId || !before || (olderRef.current !== "more" && olderRef.current !== "failed")) return;
    const generation = generationRef.current;
    setOlder("loading");
    try {
      const page = await queryClient.fetchQuery(conversationMessagesQuery(conversationId, before));
      if (generation !== generationRef.current) return;
      setMessages((list) => [...page.map(fromStoredMessage), ...list]);
      notePage(page);
    } catch {
      if (generation !== generationRef.current) return;
      setOlder("failed");
      toast.error(i18next.t("tools.error", { ns: "chat" }), {
        description: i18next.t("history.earlierFailed", { ns: "chat" }),
      });
    }
  }, [queryClient, setOlder, notePage]);

  /** Shows the branch through another version of a turn (the server keeps the choice). */
  const showBranch = useCallback(
    async (messageId: string) => {
      const conversationId = conversationRef.current;
      if (!conversationId) return;
      const generation = generationRef.current;
      try {
        const branch = await switchBranch(conversationId, messageId);
        if (generation !== generationRef.current) return;
        setMessages(branch.map(fromStoredMessage));
        oldestRef.current = branch[0]?.id ?? null;
        setOlder("none");
      } catch (err) {
        toast.error(i18next.t("tools.error", { ns: "chat" }), {
          description:
            err instanceof Error ? err.message : i18next.t("history.versionFailed", { ns: "chat" }),
        });
      }
    },
    [setOlder],
  );

  /**
   * Reads the newest page again once a turn that branched the conversation has ended (`answerId`, its
   * answer), so its versions are counted; kept only if that answer is still the last one stored and the
   * same conversation is shown.
   */
  const refresh = useCallback(
    async (answerId: string) => {
      const conversationId = conversationRef.current;
      if (!conversationId) return;
      const generation = generationRef.current;
      const stored = await queryClient
        .fetchQuery(conversationMessagesQuery(conversationId))
        .catch(() => null);
      if (!stored || stored.at(-1)?.id !== answerId || generation !== generationRef.current) return;
      setMessages(stored.map(fromStoredMessage));
      oldestRef.current = stored[0]?.id ?? null;
      setOlder(mayHaveOlder(stored) ? "more" : "none");
    },
    [queryClient, setOlder],
  );

  return {
    messages,
    messagesRef,
    showBranch,
    refresh,
    setMessages,
    loadingHistory,
    older,
    loadOlder,
    conversationRef,
    reset,
    load,
  };
}
