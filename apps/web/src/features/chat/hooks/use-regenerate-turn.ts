// Answering a question again (or, edited, in its new words) as a new version of its answer, as a
// durable answer: the conversation branches there, and what followed leaves the page. Should it fail or be stopped before its first word, the server gives back what it
// replaced, and so does the page; words the server got before Stop did are kept.
import i18next from "i18next";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { toast } from "@/lib/toast";
import { isRunning } from "@/lib/durable-answer/durable-answer";
import { refreshConversationTitle, refreshConversations, touchConversation } from "../api/get-conversations";
import { streamRegenerate } from "../api/stream-chat";
import { keptMessage, regenerateTurn, type RegenerateInput } from "../utils/chat-turn";
import { requestStop, signedIn, type ChatAnswers } from "./use-chat-answers";
import type { useConversationHistory } from "./use-conversation-history";

export function useRegenerateTurn(history: ReturnType<typeof useConversationHistory>, answers: ChatAnswers) {
  const queryClient = useQueryClient();
  const { messagesRef, setMessages, conversationRef, refresh } = history;
  const { start, anyRunning, settle, put } = answers;

  return useCallback(
    async (input: RegenerateInput): Promise<boolean> => {
      const turn = anyRunning() ? null : regenerateTurn(messagesRef.current, input);
      if (!turn || !signedIn()) return false;
      const { old, messageId, edited, replaced, answer } = turn;
      const { model, research, assistantId, collectionIds } = input;
      const request = {
        ...{ messageId, ...(edited ? { message: edited.content } : {}), model, research },
        ...{
          deepCrawl: research,
          ...(assistantId ? { assistantId } : {}),
          ...(collectionIds?.length ? { collectionIds } : {}),
          clientMessageId: crypto.randomUUID(),
        },
      };
      // The new wording in the old one's place; the answer from its first word (or "Thinking" before it).
      const asked = edited ? [edited] : [];
      setMessages((list) => [...list.filter((m) => !replaced.includes(m)), ...asked]);
      let gaveBack = false;
      await start(answer.id, {
        value: answer,
        open: (signal) => streamRegenerate(request, signal),
        stopUnnamed: () => requestStop({ clientMessageId: request.clientMessageId }),
        heard: (event) => {
          if (event.type !== "start") return;
          // An edited first question renames the conversation on the server.
          if (edited) void refreshConversationTitle(queryClient, event.conversationId);
          else if (!touchConversation(queryClient, event.conversationId, model))
            void refreshConversations(queryClient);
        },
        changed: (a, before) => {
          const failedHere = a.phase === "failed" && a.reading === "stream";
          // Words the page never saw reached the server before Stop: it kept them, and so does the page
          // as long as nothing came after.
          if (gaveBack)
            return setMessages((list) =>
              list.at(-1) === old && !anyRunning()
                ? [...list.filter((m) => !replaced.includes(m)), ...asked, a.value]
                : list,
            );
          if ((failedHere || a.phase === "stopped") && isRunning(before.phase) && !a.value.content) {
            gaveBack = true;
            setMessages((list) => [...list.filter((m) => m !== edited), ...replaced]);
            // Stored, then undone on the server: an edit's new name went with it.
            if (edited && a.name && conversationRef.current)
              void refreshConversationTitle(queryClient, conversationRef.current);
          } else if (failedHere) {
            // Failed part-way: the server keeps what came, and so does the page.
            put(keptMessage(a));
          } else {
            settle(a, before);
            // Ended: read back with its versions counted, so the turn shows "‹ 2 / 2 ›".
            if (!isRunning(a.phase) && a.name) void refresh(a.name);
            return;
          }
          if (failedHere) toast.error(i18next.t("tools.error", { ns: "chat" }), { description: a.error });
        },
      });
      return true;
    },
    [queryClient, anyRunning, start, settle, put, setMessages, messagesRef, conversationRef, refresh],
  );
}
