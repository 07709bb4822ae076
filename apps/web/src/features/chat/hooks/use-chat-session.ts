// The conversation on screen: its messages, the answer being streamed, the conversation id, and the
// verbs the page needs (send, stop, open a stored conversation, start a new one).
import { withInterruptedMark, type StoredMessage } from "@tessera/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "@/lib/toast";
import { errorMessage, isNotFound } from "@/lib/api-client";
import { readStoredSession } from "@/lib/auth-storage";
import { sleep } from "@/lib/sleep";
import { StreamIdleError } from "@/lib/sse-reader";
import { untilOnline } from "@/lib/until-online";
import { conversationMessagesQuery, mayHaveOlder, readRecentMessage } from "../api/get-conversation-messages";
import { followAnswer } from "../api/follow-answer";
import { STOP_FAILED_TEXT, stopAnswer } from "../api/stop-answer";
import { refreshConversationTitle, refreshConversations, touchConversation } from "../api/get-conversations";
import { ChatStreamError, chatErrorText, isNetworkLike } from "../utils/chat-errors";
import {
  composeMessage,
  fromStoredMessage,
  localId,
  storedIdOf,
  type ChatMessage,
} from "../utils/chat-message";
import type { PendingAttachment } from "./use-composer";
import { runChatTurn, type TurnResult } from "./run-chat-turn";
import { streamChat, streamRegenerate } from "../api/stream-chat";

export interface SendInput {
  prompt: string;
  attachments: PendingAttachment[];
  model: string;
  research: boolean;
  /** Reveal the answer with the typewriter (classic interface). */
  reveal: boolean;
  /** Answer as this assistant (its prompt, instructions, sampling and knowledge). */
  assistantId?: string | null;
}

/**
 * How to answer again: the model, research and assistant chosen now, and with `message` the last
 * question's new wording (its attached files' text composed in, its pictures kept).
 */
export type RegenerateInput = Omit<SendInput, "prompt" | "attachments"> & { message?: string };

export interface SessionEvents {
  /** A new conversation exists on the server (put it in the address). */
  onConversationStarted(conversationId: string): void;
  /** The message was not sent: give the prompt and files back to the input. */
  onRestore(prompt: string, attachments: PendingAttachment[]): void;
  /** The turn that created a conversation failed with no answer; the server dropped it too. */
  onConversationDiscarded(): void;
}

/**
 * Messages before the first one shown: "none" (the conversation starts there), "more" (a scroll back
 * loads them), "loading", or "failed" (the person asks again).
 */
export type OlderMessages = "none" | "more" | "loading" | "failed";

/**
 * How often an answer still being written when its conversation is opened (after a reload, or from
 * another tab) is read again when the server cannot relay it token by token (another server process
 * writes it): its text is stored about once a second as it grows.
 */
export const FOLLOW_POLL_MS = 1_000;

/** How often a stopped answer is read for its stored form before the page keeps what it has. */
const STOPPED_READS = 3;

/** The answer being streamed here (`turn`), or one being written elsewhere that is followed. */
type Turn = {
  controller: AbortController;
  stopped: boolean;
  clientMessageId: string;
  answerId: string | null;
  /** Stop's request to the server, once pressed. */
  stopping: Promise<void> | null;
};
type Followed = { message: ChatMessage; controller: AbortController };

export type OpenResult =
  { status: "loaded"; model: string | null } | { status: "failed" } | { status: "stale" };

/** The toast shown while a lost turn's answer is followed; it goes once the answer has ended. */
const RECONNECTING_TOAST = "chat-reconnecting";

/**
 * The connection to an answer the server had begun was lost on the way, as opposed to the answer
 * failing: the network failed, the stream was cut off without its closing event, or nothing at all
 * came for 15 s (the server's heartbeat comes more often, so the connection is dead). It goes on there.
 */
const lostOnTheWay = (error: unknown) =>
  isNetworkLike(error) ||
  error instanceof StreamIdleError ||
  (error instanceof ChatStreamError && error.code === "STREAM_ENDED");

/**
 * Asks the server to stop an answer, and says so if the request never reached it (one that found no
 * such answer had nothing to stop). Resolves or rejects as the request did.
 */
function requestStop(target: Parameters<typeof stopAnswer>[0]): Promise<void> {
  const stopping = stopAnswer(target);
  stopping.catch((error: unknown) => {
    if (!isNotFound(error)) toast.error("Error", { description: STOP_FAILED_TEXT });
  });
  return stopping;
}

export function useChatSession(events: SessionEvents) {
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  // Read by regenerate at call time, so its callback stays the same while messages change.
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const [live, setLive] = useState<ChatMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const [loadingHistory, setLoadingHistory] = useState(false);
  const [older, setOlderState] = useState<OlderMessages>("none");
  const olderRef = useRef<OlderMessages>("none");
  /** The oldest stored message shown: older ones are read from before it. */
  const oldestRef = useRef<string | null>(null);
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
  const conversationRef = useRef<string | null>(null);
  const turnRef = useRef<Turn | null>(null);
  const followRef = useRef<Followed | null>(null);
  // Bumped by reset/open: a turn or load from before that must not touch the new state.
  const generationRef = useRef(0);
  const eventsRef = useRef(events);
  useEffect(() => {
    eventsRef.current = events;
  });

  /** No more reads of a followed answer (reset, open, Stop, unmounting). */
  const letGo = useCallback(() => {
    followRef.current?.controller.abort();
    followRef.current = null;
    toast.dismiss(RECONNECTING_TOAST);
  }, []);

  const reset = useCallback(() => {
    generationRef.current++;
    // The answer goes on without this page (the server finishes and stores it); opening its
    // conversation again follows it.
    turnRef.current?.controller.abort();
    turnRef.current = null;
    letGo();
    conversationRef.current = null;
    oldestRef.current = null;
    setMessages([]);
    setLive(null);
    setBusy(false);
    setLoadingHistory(false);
    setOlder("none");
  }, [setOlder, letGo]);

  useEffect(
    () => () => {
      turnRef.current?.controller.abort();
      letGo(); // no more reads of an answer nobody is shown
    },
    [letGo],
  );

  /**
   * Shows an answer that is still being written (its stream outlived the page that asked, or runs in
   * another tab) as it grows, until it ends; Stop ends it. Token by token while the server relays it,
   * else from its stored text, read about once a second; its stored form once it has ended.
   * `answer` is shown as it is so far, under its stored id.
   */
  const follow = useCallback((conversationId: string, answer: ChatMessage) => {
    const followed: Followed = { message: { ...answer, reveal: false }, controller: new AbortController() };
    followRef.current = followed;
    // Reset, open, Stop and unmounting all let go of it.
    const still = () => followRef.current === followed;
    const show = (content: string) => {
      if (!still()) return;
      followed.message = { ...followed.message, content };
      setLive(followed.message);
    };
    setLive(followed.message);
    setBusy(true);
    void (async () => {
      for (let failures = 0; ;) {
        const { signal } = followed.controller;
        const relayed = await relayAnswer(answer.id, signal, show);
        if (!still()) return;
        // Relayed to its end (or until the connection dropped): what is stored now tells which.
        // Offline, the wait ends as soon as the connection is back.
        if (!relayed) await untilOnline(FOLLOW_POLL_MS * 2 ** Math.min(failures, 4), signal);
        if (!still()) return;
        let latest: StoredMessage | null;
        try {
          latest = await readRecentMessage(conversationId, answer.id);
          failures = 0;
        } catch {
          failures++;
          continue;
        }
        if (!still()) return;
        if (latest?.status === "streaming") {
          show(latest.content);
          continue;
        }
        followRef.current = null;
        setLive(null);
        setBusy(false);
        toast.dismiss(RECONNECTING_TOAST);
        // Ended (or gone with its conversation): as stored.
        if (latest) setMessages((list) => [...list, fromStoredMessage(latest)]);
        return;
      }
    })();
  }, []);

  /**
   * A turn of this page whose connection was lost after the server stored it: the answer goes on
   * there, so the page follows it from the words it had, as it would after a reload. Answers whether
   * it did (else the turn has failed).
   */
  const followLost = useCallback(
    (turn: Turn, result: TurnResult, answer: ChatMessage): boolean => {
      const conversationId = conversationRef.current;
      if (result.kind !== "failed" || !turn.answerId || !conversationId || !lostOnTheWay(result.error))
        return false;
      toast.warning("Connection issue", { id: RECONNECTING_TOAST, description: "Reconnecting..." });
      follow(conversationId, { ...answer, id: turn.answerId, content: result.text });
      return true;
    },
    [follow],
  );

  /** Shows a stored conversation and answers the model of its last answer. */
  const open = useCallback(
    async (conversationId: string): Promise<OpenResult> => {
      reset();
      const generation = generationRef.current;
      conversationRef.current = conversationId;
      setLoadingHistory(true);
      try {
        const stored = await queryClient.fetchQuery(conversationMessagesQuery(conversationId));
        if (generation !== generationRef.current) return { status: "stale" };
        const last = stored.at(-1);
        const writing = last?.role === "assistant" && last.status === "streaming" ? last : null;
        setMessages((writing ? stored.slice(0, -1) : stored).map(fromStoredMessage));
        notePage(stored);
        if (writing) follow(conversationId, fromStoredMessage(writing));
        return { status: "loaded", model: stored.findLast((m) => m.model)?.model ?? null };
      } catch (err) {
        if (generation !== generationRef.current) return { status: "stale" };
        conversationRef.current = null;
        // A link to a deleted conversation (or someone else's) is not a failure to retry.
        const gone = isNotFound(err);
        toast.error("Error", {
          description: gone
            ? "Failed to load conversation history: this conversation may have been deleted, or it belongs to someone else."
            : "Failed to load conversation history",
        });
        return { status: "failed" };
      } finally {
        if (generation === generationRef.current) setLoadingHistory(false);
      }
    },
    [queryClient, reset, notePage, follow],
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
      toast.error("Error", { description: "Failed to load earlier messages" });
    }
  }, [queryClient, setOlder, notePage]);

  /**
   * Once the server has stored a stopped answer, shows it as stored in place of what the page had: the
   * server keeps what it had written when Stop reached it, which can run a little past what the page
   * was sent. A failed Stop shows nothing more (the answer runs on, and opening it again shows that).
   */
  const showAsStored = useCallback(
    async (stopping: Promise<void>, conversationId: string | null, answerId: string, shownId: string) => {
      const generation = generationRef.current;
      const current = () => generation === generationRef.current;
      if (!conversationId) return;
      try {
        await stopping;
      } catch {
        return;
      }
      // Stopped in another server process, the answer may be stored a moment after Stop's answer.
      for (let read = 0; read < STOPPED_READS && current(); read++) {
        if (read) await sleep(FOLLOW_POLL_MS);
        const stored = await readRecentMessage(conversationId, answerId).catch(() => null);
        if (!current()) return;
        if (stored && stored.status !== "streaming") {
          const shown = { ...fromStoredMessage(stored), id: shownId, storedId: stored.id, reveal: false };
          setMessages((list) => list.map((m) => (m.id === shownId ? shown : m)));
          return;
        }
      }
    },
    [],
  );

  // The answer outlives its connection once started, so Stop tells the server which one to end (a
  // request that never gets through leaves it running, and says so; the page shows it stopped either
  // way, with what it had).
  const stop = useCallback(() => {
    const turn = turnRef.current;
    if (turn) {
      turn.stopped = true;
      turn.stopping = requestStop(
        turn.answerId ? { messageId: turn.answerId } : { clientMessageId: turn.clientMessageId },
      );
      turn.controller.abort();
      return;
    }
    const followed = followRef.current;
    if (!followed) return;
    letGo();
    const { message } = followed;
    const stopping = requestStop({ messageId: message.id });
    setMessages((list) => [...list, { ...message, content: withInterruptedMark(message.content) }]);
    setLive(null);
    setBusy(false);
    void showAsStored(stopping, conversationRef.current, message.id, message.id);
  }, [letGo, showAsStored]);

  /**
   * A turn of this page's own begins. Its client id is kept across the turn's connection retries: the
   * server answers one it already has with 409 instead of asking the model twice; Stop can name it.
   */
  const begin = useCallback((): Turn => {
    const turn: Turn = {
      controller: new AbortController(),
      stopped: false,
      clientMessageId: crypto.randomUUID(),
      answerId: null,
      stopping: null,
    };
    turnRef.current = turn;
    setBusy(true);
    return turn;
  }, []);

  const send = useCallback(
    async ({ prompt, attachments, model, research, reveal, assistantId }: SendInput): Promise<boolean> => {
      if (!prompt.trim() || turnRef.current) return false;
      if (!readStoredSession()?.token) {
        toast.error("Error", { description: "No active session" });
        return false;
      }
      const generation = generationRef.current;
      const turn = begin();
      const texts = attachments.flatMap((a) => (a.kind === "text" ? [{ name: a.name, text: a.text }] : []));
      const images = attachments.flatMap((a) => (a.kind === "image" ? [a] : []));
      const user: ChatMessage = {
        id: localId("user"),
        role: "user",
        content: composeMessage(prompt, texts),
        timestamp: new Date().toISOString(),
        tokens: null,
        model: null,
        images: images.map((i) => ({ id: i.id, url: i.preview, name: i.name })),
        sources: [],
      };
      const answer: ChatMessage = {
        ...user,
        id: localId("answer"),
        role: "assistant",
        content: "",
        model,
        images: [],
        reveal,
      };
      setMessages((list) => [...list, user]);
      setLive(answer);

      const current = () => generation === generationRef.current;
      let startedHere: string | null = null;
      // The server said it stored the turn (its start event).
      let stored = false;
      const request = {
        message: user.content,
        model,
        conversationId: conversationRef.current,
        research,
        deepCrawl: research,
        ...(assistantId ? { assistantId } : {}),
        clientMessageId: turn.clientMessageId,
      };
      const result = await runChatTurn(
        {
          stream: (uploaded, signal) => streamChat({ ...request, images: uploaded }, signal),
          images,
          signal: turn.controller.signal,
          stopped: () => turn.stopped,
        },
        {
          onStart: (id, answerId) => {
            turn.answerId = answerId;
            if (!current()) return;
            stored = true;
            // The turn is stored: a conversation already shown moves to the top of the list (and of
            // any search that found it) as it is; a new one (or one not listed) comes with the list
            // asked for again, and a new one may match a search.
            const known = conversationRef.current === id;
            if (known && touchConversation(queryClient, id, model)) return;
            void refreshConversations(queryClient, { searches: !known });
            if (known) return;
            startedHere = id;
            conversationRef.current = id;
            eventsRef.current.onConversationStarted(id);
          },
          onText: (text) => current() && setLive((m) => m && { ...m, content: text }),
          onStatus: (status) => current() && setLive((m) => m && { ...m, status }),
          onImages: (stored) =>
            current() &&
            setMessages((list) => list.map((m) => (m.id === user.id ? { ...m, images: stored } : m))),
        },
      );
      if (!current()) return true;
      turnRef.current = null;
      setBusy(false);
      setLive(null);
      const at = new Date().toISOString();
      if (result.kind === "complete") {
        const { text, tokens, sources, messageId } = result;
        setMessages((list) => [
          ...list,
          { ...answer, storedId: messageId, content: text, tokens, sources, timestamp: at },
        ]);
      } else if (result.kind === "stopped") {
        const content = withInterruptedMark(result.text);
        const storedId = turn.answerId ?? undefined;
        setMessages((list) => [...list, { ...answer, storedId, content, timestamp: at, reveal: false }]);
        if (turn.stopping && turn.answerId)
          void showAsStored(turn.stopping, conversationRef.current, turn.answerId, answer.id);
        // Stopped before the server said it had stored the turn, the list may not know of it yet.
        if (!stored) void refreshConversations(queryClient, { searches: true });
      } else if (!followLost(turn, result, answer)) {
        setMessages((list) => list.filter((m) => m.id !== user.id));
        if (startedHere && conversationRef.current === startedHere && !result.text) {
          conversationRef.current = null;
          eventsRef.current.onConversationDiscarded();
        }
        // What the failed turn left stored (or took away) is the server's to say.
        void refreshConversations(queryClient, { searches: true });
        eventsRef.current.onRestore(prompt, attachments);
        toast.error("Error", { description: chatErrorText(errorMessage(result.error)) });
      }
      return true;
    },
    [queryClient, showAsStored, begin, followLost],
  );

  /**
   * Answers the last question again, in place of the last answer, with the model (and assistant) now
   * chosen; with `message`, in the question's new wording, which takes the old one's place too. The new
   * answer takes the old one's place at once; should it fail or be stopped before its first word, the
   * server gives back what it replaced, and so does the page.
   */
  const regenerate = useCallback(
    async ({ model, research, reveal, assistantId, message }: RegenerateInput): Promise<boolean> => {
      const old = messagesRef.current.at(-1);
      const oldQuestion = messagesRef.current.at(-2);
      const messageId = old?.role === "assistant" ? storedIdOf(old) : null;
      if (!old || !messageId || turnRef.current || followRef.current) return false;
      if (message !== undefined && (oldQuestion?.role !== "user" || !message.trim())) return false;
      if (!readStoredSession()?.token) {
        toast.error("Error", { description: "No active session" });
        return false;
      }
      const generation = generationRef.current;
      const current = () => generation === generationRef.current;
      const turn = begin();
      const answer: ChatMessage = {
        id: localId("answer"),
        role: "assistant",
        content: "",
        timestamp: new Date().toISOString(),
        tokens: null,
        model,
        images: [],
        sources: [],
        reveal,
        // The old answer can be read again under it; an edited question starts afresh.
        hasEarlier: message === undefined,
      };
      // The new wording in the old one's place, the answer from its first word (or the "Thinking" before it).
      const edited: ChatMessage | null =
        message !== undefined && oldQuestion
          ? { ...oldQuestion, id: localId("user"), storedId: undefined, content: message.trim() }
          : null;
      const replaced = edited && oldQuestion ? [oldQuestion, old] : [old];
      setMessages((list) => [...list.filter((m) => !replaced.includes(m)), ...(edited ? [edited] : [])]);
      setLive(answer);
      const request = {
        messageId,
        ...(edited ? { message: edited.content } : {}),
        model,
        research,
        deepCrawl: research,
        ...(assistantId ? { assistantId } : {}),
        clientMessageId: turn.clientMessageId,
      };
      const result = await runChatTurn(
        {
          stream: (_, signal) => streamRegenerate(request, signal),
          images: [],
          signal: turn.controller.signal,
          stopped: () => turn.stopped,
        },
        {
          onStart: (id, answerId) => {
            turn.answerId = answerId;
            if (!current()) return;
            // An edited first question renames the conversation on the server.
            if (edited) void refreshConversationTitle(queryClient, id);
            else if (!touchConversation(queryClient, id, model)) void refreshConversations(queryClient);
          },
          onText: (text) => current() && setLive((m) => m && { ...m, content: text }),
          onStatus: (status) => current() && setLive((m) => m && { ...m, status }),
          onImages: () => undefined,
        },
      );
      if (!current()) return true;
      turnRef.current = null;
      setBusy(false);
      setLive(null);
      const at = new Date().toISOString();
      const put = (message: ChatMessage) => setMessages((list) => [...list, message]);
      if (result.kind === "complete") {
        const { text, tokens, sources, messageId: storedId } = result;
        put({ ...answer, storedId, content: text, tokens, sources, timestamp: at });
      } else if (followLost(turn, result, answer)) {
        // The answer goes on on the server, in the old one's place.
      } else if (!result.text) {
        // Nothing came of it: what it replaced is back where it was.
        setMessages((list) => [...list.filter((m) => m !== edited), ...replaced]);
        // Stored, then undone on the server: an edit's new name went with it.
        if (edited && turn.answerId && conversationRef.current)
          void refreshConversationTitle(queryClient, conversationRef.current);
        if (result.kind === "failed")
          toast.error("Error", { description: chatErrorText(errorMessage(result.error)) });
        // Unless words the page never saw reached the server before Stop did: it kept those.
        else if (turn.stopping && turn.answerId) {
          const [stopping, answerId, conversationId] = [
            turn.stopping,
            turn.answerId,
            conversationRef.current,
          ];
          void (async () => {
            await stopping.catch(() => undefined);
            const kept = conversationId
              ? await readRecentMessage(conversationId, answerId).catch(() => null)
              : null;
            if (!current() || !kept || kept.status === "streaming") return;
            // As long as nothing came after it on the page.
            setMessages((list) =>
              list.at(-1) === old && !turnRef.current
                ? [
                    ...list.filter((m) => !replaced.includes(m)),
                    ...(edited ? [edited] : []),
                    fromStoredMessage(kept),
                  ]
                : list,
            );
          })();
        }
      } else if (result.kind === "stopped") {
        const storedId = turn.answerId ?? undefined;
        put({ ...answer, storedId, content: withInterruptedMark(result.text), timestamp: at, reveal: false });
        if (turn.stopping && turn.answerId)
          void showAsStored(turn.stopping, conversationRef.current, turn.answerId, answer.id);
      } else {
        // Failed part-way: the server keeps what came, and so does the page.
        put({
          ...answer,
          storedId: turn.answerId ?? undefined,
          content: result.text,
          timestamp: at,
          reveal: false,
        });
        toast.error("Error", { description: chatErrorText(errorMessage(result.error)) });
      }
      return true;
    },
    [queryClient, showAsStored, begin, followLost],
  );

  const conversationId = useCallback(() => conversationRef.current, []);

  return {
    messages,
    live,
    busy,
    loadingHistory,
    older,
    loadOlder,
    send,
    regenerate,
    stop,
    open,
    reset,
    /** The conversation being shown, read at call time (not a render value). */
    conversationId,
  };
}

/**
 * Follows an answer token by token while the server process writing it relays it, showing its text as
 * it grows; true when it did (to its end, or until the connection dropped), false when the server had
 * nothing to relay (204) or could not be asked.
 */
async function relayAnswer(messageId: string, signal: AbortSignal, show: (content: string) => void) {
  let text: string | null = null;
  try {
    for await (const event of followAnswer(messageId, signal)) {
      if (event.type === "end") break;
      text = event.type === "resume" ? event.content : `${text ?? ""}${event.content}`;
      show(text);
    }
  } catch {
    // Dropped, or refused: the stored answer says what became of it.
  }
  return text !== null;
}
