// The conversation's messages as a virtual list: only those in and near view are in the DOM (a
// long conversation would otherwise cost seconds to open and frames while scrolling). Each is
// measured as it renders, so answers of any height sit where they belong. Loaded with the first
// message on the page (see message-list.tsx).
import { observeElementRect, useVirtualizer, type Rect, type Virtualizer } from "@tanstack/react-virtual";
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import type { OlderMessages } from "../hooks/use-conversation-history";
import { storedIdOf, type ChatMessage } from "../utils/chat-message";
import { MessageItem, type ChatLayout } from "./message-item";
import { useTranslation } from "react-i18next";

/** Space between messages and above the first / below the last (the list's former gap-6 py-6). */
const GAP_PX = 24;
/**
 * Where nothing is laid out (a hidden tab, or the DOM of unit tests) the scroller measures 0 px: the
 * list then renders as if it were this tall, which in tests is every message.
 */
const UNMEASURED_HEIGHT_PX = 4000;

/** Room above the first message for the row that loads earlier ones. */
const OLDER_ROW_PX = 40;
/** Earlier messages are fetched once the list is rendered this close to its first message. */
const LOAD_AHEAD_MESSAGES = 10;

const estimates = new WeakMap<ChatMessage, number>();

/** A first guess at a message's height from its lines, refined once it is rendered and measured. */
function estimateHeight(message: ChatMessage): number {
  let height = estimates.get(message);
  if (height === undefined) {
    const lines = message.content.split("\n").reduce((n, line) => n + 1 + Math.floor(line.length / 90), 0);
    const images = message.images.length > 0 ? 120 : 0;
    const footer = message.role === "assistant" ? 28 : 0;
    height = 56 + Math.min(lines, 400) * 20 + images + footer;
    estimates.set(message, height);
  }
  return height;
}

function observeRect(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) {
  return observeElementRect<HTMLDivElement>(instance, (rect) =>
    cb(rect.height > 0 ? rect : { width: rect.width, height: UNMEASURED_HEIGHT_PX }),
  );
}

export function MessageLog({
  scroller,
  stick,
  messages,
  live,
  layout,
  older = "none",
  onLoadOlder,
  onGrew,
  onRegenerate,
  onEdit,
  onShowVersion,
  conversationId,
}: {
  scroller: RefObject<HTMLDivElement | null>;
  stick: RefObject<boolean>;
  /** Called when what the list holds changed while it was not following its end. */
  onGrew?: () => void;
  messages: ChatMessage[];
  live: ChatMessage | null;
  layout: ChatLayout;
  older?: OlderMessages;
  onLoadOlder?: () => void;
  /** Answers a question again; offered on each stored answer when given. */
  onRegenerate?: (answerId: string) => void;
  /** Asks a question anew in new words; offered on each question with a stored answer when given. */
  onEdit?: (answerId: string, message: string) => void;
  /** Shows another version of a turn; offered on turns with versions when given. */
  onShowVersion?: (messageId: string) => void;
  /** The conversation shown (an answer's earlier answers are read from it). */
  conversationId?: string | null;
}) {
  const { t } = useTranslation("chat");
  const last = messages.at(-1);
  const olderRow = older === "none" ? 0 : OLDER_ROW_PX;
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => estimateHeight(messages[index]!),
    getItemKey: (index) => messages[index]!.id,
    gap: GAP_PX,
    paddingStart: GAP_PX + olderRow,
    paddingEnd: GAP_PX,
    overscan: 4,
    initialRect: { width: 0, height: UNMEASURED_HEIGHT_PX },
    // Earlier messages put in above keep the one being read where it is on screen.
    anchorTo: "end",
    observeElementRect: observeRect,
    // A conversation opens at its end: render the last messages from the first frame.
    initialOffset: () =>
      stick.current
        ? Math.max(
            0,
            messages.reduce((n, m) => n + estimateHeight(m) + GAP_PX, GAP_PX + olderRow) -
              (scroller.current?.clientHeight ?? 0),
          )
        : 0,
  });
  const total = virtualizer.getTotalSize();

  // Messages that were on screen once, or were there when the conversation opened, do not rise in
  // again when scrolled back into view; those that arrive now do.
  const shown = useRef<Set<string> | null>(null);
  shown.current ??= new Set(messages.map((m) => m.id));
  // Nor do earlier messages loaded above.
  const firstId = messages[0]?.id;
  const firstSeen = useRef(firstId);
  if (firstSeen.current !== firstId) {
    for (const m of messages) {
      if (m.id === firstSeen.current) break;
      shown.current.add(m.id);
    }
    firstSeen.current = firstId;
  }
  const items = virtualizer.getVirtualItems();
  const opened = useRef(true);
  useEffect(() => {
    opened.current = false;
    for (const item of items) shown.current?.add(String(item.key));
  });

  // Follow the end while the person is there: new messages, streamed text, and rows measured taller
  // or shorter than guessed all change the total height.
  // Left behind, the list says it grew, so the way back to the end can be offered.
  useLayoutEffect(() => {
    if (stick.current) virtualizer.scrollToEnd();
    else onGrew?.();
  }, [virtualizer, stick, onGrew, messages.length, last?.content, total]);

  // Scrolled back near the first message: fetch the ones before it.
  const nearFirst = items.length > 0 && items[0]!.index < LOAD_AHEAD_MESSAGES;
  useEffect(() => {
    if (older === "more" && nearFirst) onLoadOlder?.();
  }, [older, nearFirst, onLoadOlder]);

  // A search hit opened (?message=id): earlier messages are loaded until it is among them, then it is
  // brought to the middle of the view and marked for a moment.
  // Read from the address on each render (the chat page renders again when it changes), so the log
  // also renders outside a router.
  const focusId = new URLSearchParams(window.location.search).get("message");
  const focused = useRef<string | null>(null);
  const [flash, setFlash] = useState<string | null>(null);
  useEffect(() => {
    if (!focusId || focused.current === focusId) return;
    const index = messages.findIndex((m) => storedIdOf(m) === focusId);
    if (index < 0) {
      if (older === "more") onLoadOlder?.();
      return;
    }
    focused.current = focusId;
    stick.current = false;
    virtualizer.scrollToIndex(index, { align: "center" });
    setFlash(focusId);
  }, [focusId, messages, older, onLoadOlder, virtualizer, stick]);
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), 2500);
    return () => clearTimeout(timer);
  }, [flash]);

  return (
    <div
      role="log"
      aria-label={t("recent.messages")}
      className="relative mx-auto w-full max-w-3xl"
      style={{ height: total }}
    >
      {older === "none" ? null : (
        <div
          data-older={older}
          className="absolute inset-x-0 flex justify-center"
          style={{ top: GAP_PX / 2, height: OLDER_ROW_PX }}
        >
          {older === "failed" ? (
            <Button variant="outline" size="sm" onClick={onLoadOlder}>
              {t("list.loadEarlier")}
            </Button>
          ) : older === "loading" ? (
            <Spinner label={t("list.loadingEarlier")} className="size-5 text-primary" />
          ) : null}
        </div>
      )}
      {items.map((item) => {
        const message = messages[item.index]!;
        const rises = opened.current || !shown.current?.has(message.id);
        return (
          <div
            key={item.key}
            data-index={item.index}
            data-message-id={storedIdOf(message)}
            data-highlighted={flash !== null && storedIdOf(message) === flash ? "" : undefined}
            ref={virtualizer.measureElement}
            className={cn(
              "absolute inset-x-0 top-0 px-4 sm:px-6",
              !rises && "[&>article]:animate-none",
              "[&>article]:rounded-xl [&>article]:transition-shadow [&>article]:duration-700",
              "data-[highlighted]:[&>article]:bg-primary/5 data-[highlighted]:[&>article]:ring-2 data-[highlighted]:[&>article]:ring-primary/60 data-[highlighted]:[&>article]:ring-offset-4 data-[highlighted]:[&>article]:ring-offset-background",
            )}
            style={{ transform: `translateY(${item.start}px)` }}
          >
            <MessageItem
              message={message}
              streaming={message === live}
              layout={layout}
              conversationId={conversationId}
              onRegenerate={message.role === "assistant" && message !== live ? onRegenerate : undefined}
              onEdit={message.role === "user" ? onEdit : undefined}
              answerId={answerIdAfter(messages, item.index)}
              onShowVersion={onShowVersion}
            />
          </div>
        );
      })}
    </div>
  );
}

/** The stored id of the answer to the question at `index` (what an edit of it names), if stored. */
function answerIdAfter(messages: readonly ChatMessage[], index: number): string | undefined {
  const next = messages[index + 1];
  return messages[index]?.role === "user" && next?.role === "assistant"
    ? (storedIdOf(next) ?? undefined)
    : undefined;
}
