import { ArrowDown } from "lucide-react";
import { Suspense, useEffect, useLayoutEffect, type ReactNode } from "react";
import { preloadMarkdown } from "@/components/lazy-markdown";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { lazyChunk } from "@/lib/chunk-load";
import type { OlderMessages } from "../hooks/use-conversation-history";
import { useFollowEnd } from "../hooks/use-follow-end";
import type { ChatMessage } from "../utils/chat-message";
import type { ChatLayout } from "./message-item";
import { useTranslation } from "react-i18next";

// The list and its virtualiser load with the first message, not with the empty chat page.
const loadLog = () => import("./message-log");
const MessageLog = lazyChunk(() => loadLog().then((m) => ({ default: m.MessageLog })));

/**
 * The conversation, oldest first, with the live answer last. It follows new text while the person is
 * at the bottom, and stays put from the moment they scroll up to read (`useFollowEnd`).
 */
export function MessageList({
  messages,
  live,
  layout,
  loading,
  older = "none",
  onLoadOlder,
  onRegenerate,
  onEdit,
  onShowVersion,
  conversationId,
  empty,
}: {
  messages: ChatMessage[];
  live: ChatMessage | null;
  layout: ChatLayout;
  loading: boolean;
  /** Whether there are stored messages before the first one here, and how loading them goes. */
  older?: OlderMessages;
  onLoadOlder?: () => void;
  /** Answers a question again (offered on each answer); left out while one is written. */
  onRegenerate?: (answerId: string) => void;
  /** Asks a question anew in new words (offered on each answered one); left out while one is written. */
  onEdit?: (answerId: string, message: string) => void;
  /** Shows another version of a turn (offered on turns with versions); left out while one is written. */
  onShowVersion?: (messageId: string) => void;
  /** The conversation shown (an answer's earlier answers are read from it). */
  conversationId?: string | null;
  /** Shown when there is nothing yet. */
  empty: ReactNode;
}) {
  const { t } = useTranslation("chat");
  const { scroller, follow, rejoin, handlers, away, measure, jumpToEnd } = useFollowEnd();
  const all = live ? [...messages, live] : messages;

  // A message the person just sent always brings the view down to it (older ones loaded above do not).
  const lastId = messages.at(-1)?.id;
  useLayoutEffect(() => rejoin(), [lastId, rejoin]);

  // While a conversation is fetched, so is the code to show it.
  const wanted = loading || all.length > 0;
  useEffect(() => {
    if (!wanted) return;
    void loadLog();
    preloadMarkdown();
  }, [wanted]);

  const loadingConversation = (
    <div className="flex h-full items-center justify-center">
      <Spinner label={t("list.loading")} className="size-6 text-primary" />
    </div>
  );
  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        {...handlers}
        className="scroll-area min-h-0 flex-1 overflow-y-auto [overflow-anchor:none]"
      >
        {loading ? (
          loadingConversation
        ) : all.length === 0 ? (
          empty
        ) : (
          // The log's code (markdown and all) may still be on its way: the same spinner until it is.
          <Suspense fallback={loadingConversation}>
            <MessageLog
              scroller={scroller}
              stick={follow}
              onGrew={measure}
              messages={all}
              live={live}
              layout={layout}
              older={older}
              onLoadOlder={onLoadOlder}
              onRegenerate={onRegenerate}
              onEdit={onEdit}
              onShowVersion={onShowVersion}
              conversationId={conversationId}
            />
          </Suspense>
        )}
      </div>
      {away && !loading && all.length > 0 ? (
        <Button
          variant="outline"
          size="icon"
          aria-label={t("list.latest")}
          title={t("list.latest")}
          onClick={jumpToEnd}
          className="absolute start-1/2 bottom-3 size-9 -translate-x-1/2 rounded-full rtl:translate-x-1/2 bg-background text-muted-foreground shadow-lg hover:text-foreground"
        >
          <ArrowDown />
        </Button>
      ) : null}
    </div>
  );
}
