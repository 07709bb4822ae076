import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";
import type { ChatMessage } from "../utils/chat-message";
import { MessageItem, type ChatLayout } from "./message-item";

const STICK_DISTANCE_PX = 96;

/**
 * The conversation, oldest first, with the live answer last. It follows new text while the person is
 * at the bottom, and stays put when they scrolled up to read.
 */
export function MessageList({
  messages,
  live,
  layout,
  loading,
  empty,
}: {
  messages: ChatMessage[];
  live: ChatMessage | null;
  layout: ChatLayout;
  loading: boolean;
  /** Shown when there is nothing yet. */
  empty: ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const all = live ? [...messages, live] : messages;
  const last = all.at(-1);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [all.length, last?.content]);

  // The typewriter grows an answer without new props here: follow the height instead.
  const hasContent = all.length > 0 && !loading;
  useEffect(() => {
    const el = content.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      const box = scroller.current;
      if (box && stick.current) box.scrollTop = box.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasContent]);

  // A message the person just sent always brings the view down to it.
  useLayoutEffect(() => {
    stick.current = true;
  }, [messages.length]);

  return (
    <div
      ref={scroller}
      onScroll={(event) => {
        const el = event.currentTarget;
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_DISTANCE_PX;
      }}
      className="min-h-0 flex-1 overflow-y-auto"
    >
      {loading ? (
        <div className="flex h-full items-center justify-center">
          <Spinner label="Loading conversation" className="size-6 text-primary" />
        </div>
      ) : all.length === 0 ? (
        empty
      ) : (
        <div
          ref={content}
          role="log"
          aria-label="Messages"
          className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6"
        >
          {all.map((message) => (
            <MessageItem key={message.id} message={message} streaming={message === live} layout={layout} />
          ))}
        </div>
      )}
    </div>
  );
}
