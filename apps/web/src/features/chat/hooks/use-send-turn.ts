// Sending a message (spec §4 "Chat send"): the question goes into the list, its pictures are uploaded,
// and its answer is asked for as a durable answer. Failed before anything was kept, the question leaves
// the list and goes back to the box; a conversation it created goes too.
import i18next from "i18next";
import type { ChatStreamEvent } from "@tessera/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, type RefObject } from "react";
import { toast } from "@/lib/toast";
import { refreshConversations, touchConversation } from "../api/get-conversations";
import { streamChat } from "../api/stream-chat";
import type { ChatMessage } from "../utils/chat-message";
import { sendTurn, type SendInput } from "../utils/chat-turn";
import { requestStop, signedIn, type ChatAnswers } from "./use-chat-answers";
import type { SessionEvents } from "./use-chat-session";
import type { useConversationHistory } from "./use-conversation-history";
import { uploadTurnImages } from "./upload-turn-images";

async function* streamAfter<T>(first: Promise<T>, then: (value: T) => AsyncIterable<ChatStreamEvent>) {
  yield* then(await first);
}

export function useSendTurn(
  history: ReturnType<typeof useConversationHistory>,
  answers: ChatAnswers,
  events: RefObject<SessionEvents>,
) {
  const queryClient = useQueryClient();
  const { setMessages, conversationRef } = history;
  const { start, anyRunning, settle } = answers;

  return useCallback(
    async (input: SendInput): Promise<boolean> => {
      if (!input.prompt.trim() || anyRunning() || !signedIn()) return false;
      const { user, answer, images } = sendTurn(input);
      const { model, research, assistantId, tools, collectionIds } = input;
      // Kept across the turn's connection retries: the server answers 409 to one it already has.
      const clientMessageId = crypto.randomUUID();
      const request = {
        ...{ message: user.content, model, conversationId: conversationRef.current, research },
        ...{ deepCrawl: research, ...(assistantId ? { assistantId } : {}), clientMessageId },
        ...(tools ? { tools } : {}),
        ...(collectionIds?.length ? { collectionIds } : {}),
      };
      const showImages = (stored: ChatMessage["images"]) =>
        setMessages((list) => list.map((m) => (m.id === user.id ? { ...m, images: stored } : m)));
      let uploading: Promise<{ id: string }[]> | null = null;
      let startedHere: string | null = null;
      setMessages((list) => [...list, user]);
      await start(answer.id, {
        value: answer,
        // The pictures go up once, before the first try.
        open: (signal) =>
          streamAfter((uploading ??= uploadTurnImages(images, signal, showImages)), (uploaded) =>
            streamChat({ ...request, images: uploaded }, signal),
          ),
        stopUnnamed: () => requestStop({ clientMessageId }),
        heard: (event) => {
          if (event.type !== "start") return;
          // Stored: a conversation shown moves to the top of the list (and of a search that found it)
          // as it is; a new one, or one not listed, comes with the list asked for again.
          const id = event.conversationId;
          const known = conversationRef.current === id;
          if (known && touchConversation(queryClient, id, model)) return;
          void refreshConversations(queryClient, { searches: !known });
          if (known) return;
          startedHere = conversationRef.current = id;
          events.current.onConversationStarted(id);
        },
        changed: (a, before) => {
          // Stopped before the server said it stored the turn, the list may not know of it yet.
          if (a.phase === "stopped" && !a.name) void refreshConversations(queryClient, { searches: true });
          if (a.phase !== "failed" || a.reading !== "stream") return settle(a, before);
          setMessages((list) => list.filter((m) => m.id !== user.id));
          if (startedHere && conversationRef.current === startedHere && !a.value.content) {
            conversationRef.current = null;
            events.current.onConversationDiscarded();
          }
          // What the failed turn left stored (or took away) is the server's to say.
          void refreshConversations(queryClient, { searches: true });
          events.current.onRestore(input.prompt, input.attachments);
          toast.error(i18next.t("tools.error", { ns: "chat" }), { description: a.error });
        },
      });
      return true;
    },
    [queryClient, anyRunning, start, settle, setMessages, conversationRef, events],
  );
}
