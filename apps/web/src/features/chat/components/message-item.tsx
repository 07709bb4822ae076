import { ChevronLeft, ChevronRight, CircleAlert, Copy, History, Pencil, RefreshCw } from "lucide-react";
import { memo, useContext, useEffect, useRef, useState } from "react";
import { Markdown } from "@/components/lazy-markdown";
import { Avatar } from "@/components/ui/avatar";
import { useAuth } from "@/lib/auth-context";
import { copyText } from "@/lib/clipboard";
import { cn, formatWhen } from "@/lib/utils";
import { useModelInfo } from "../api/get-models";
import { RevealReportContext, useSmoothText } from "../hooks/use-smooth-text";
import { chatErrorText } from "../utils/chat-errors";
import { storedIdOf, type ChatMessage } from "../utils/chat-message";
import { formatTokenEstimate } from "../utils/format-tokens";
import { formatTimeLabel } from "../utils/time-label";
import { MessageSources } from "./message-sources";
import { EarlierAnswers } from "./earlier-answers";
import { ACTION_CLASS } from "./message-action";
import { ModelAvatar } from "./model-avatar";
import { ToolSteps } from "./tool-steps";
import { QuestionEditor } from "./question-editor";
import { UserMessageContent } from "./user-message-content";
import { useTranslation } from "react-i18next";

export type ChatLayout = "classic" | "new";

/** One message: who wrote it, when, its content, and for answers the sources and a token estimate. */
export const MessageItem = memo(function MessageItem({
  message,
  streaming = false,
  layout,
  onRegenerate,
  onEdit,
  answerId,
  onShowVersion,
  conversationId = null,
}: {
  message: ChatMessage;
  streaming?: boolean;
  layout: ChatLayout;
  /** Offered on a stored answer while nothing is being written: answers its question again. */
  onRegenerate?: (answerId: string) => void;
  /** Offered on a question while nothing is being written: its answer (`answerId`), its new wording. */
  onEdit?: (answerId: string, message: string) => void;
  /** On a question: the stored id of its answer, which an edit names. Without it, no Edit. */
  answerId?: string;
  /** Shows another version of this turn (offered while nothing is being written). */
  onShowVersion?: (messageId: string) => void;
  /** The conversation shown, where an answer's earlier answers are read from. */
  conversationId?: string | null;
}) {
  const { t } = useTranslation("chat");
  const { user } = useAuth();
  const model = useModelInfo(message.role === "assistant" ? message.model : null);
  const [editing, setEditing] = useState(false);
  const [showEarlier, setShowEarlier] = useState(false);
  const earlierOf = message.hasEarlier && conversationId ? storedIdOf(message) : null;
  const storedId = storedIdOf(message);
  const editAnswer = onEdit && answerId ? (next: string) => onEdit(answerId, next) : undefined;
  // Cancel puts the keyboard back on Edit, where it was.
  const editButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [editing]);
  const { visible, catchingUp } = useSmoothText(message.content, Boolean(message.reveal));
  const reportReveal = useContext(RevealReportContext);
  useEffect(() => {
    if (!catchingUp) return;
    reportReveal(message.id, true);
    return () => reportReveal(message.id, false);
  }, [catchingUp, message.id, reportReveal]);
  const mine = message.role === "user";
  const author = mine ? t("message.you") : (model?.name ?? t("message.assistant"));
  const time = new Date(message.timestamp);
  const waiting = streaming && !message.content;
  const flat = layout === "new" && !mine;

  return (
    <article
      aria-label={t("message.said", { author })}
      aria-busy={streaming || catchingUp}
      className={cn("group flex animate-rise-in gap-3", mine && layout === "new" && "flex-row-reverse")}
    >
      {mine ? (
        <Avatar src={user?.image} name={user?.name || user?.email} className="size-8 text-xs" />
      ) : (
        <ModelAvatar />
      )}
      <div className={cn("flex min-w-0 flex-1 flex-col gap-1.5", mine && layout === "new" && "items-end")}>
        <header className="flex items-baseline gap-2 text-xs">
          <span className="text-sm font-semibold">{author}</span>
          <time
            dateTime={message.timestamp}
            title={formatWhen(message.timestamp)}
            className="text-muted-foreground"
          >
            {formatTimeLabel(time)}
          </time>
        </header>
        {editing && editAnswer ? (
          <QuestionEditor
            content={message.content}
            onCancel={() => {
              refocus.current = true;
              setEditing(false);
            }}
            onSend={(next) => {
              setEditing(false);
              editAnswer(next);
            }}
          />
        ) : (
          <>
            {!mine && message.toolSteps?.length ? (
              <ToolSteps
                steps={message.toolSteps}
                answerId={message.answerId ?? storedIdOf(message) ?? undefined}
              />
            ) : null}
            {/* What was written keeps its own direction: an English answer on an Arabic page reads left to right. */}
            <div
              dir="auto"
              className={cn(
                "max-w-full text-[0.94rem]",
                mine
                  ? "w-fit rounded-2xl rounded-ss-md bg-primary/8 px-4 py-2.5 ring-1 ring-primary/10 dark:bg-primary/12"
                  : !flat && "rounded-2xl rounded-ss-md border bg-card px-4 py-3 shadow-xs",
                mine && layout === "new" && "rounded-ss-2xl rounded-se-md",
              )}
            >
              {mine ? (
                <UserMessageContent content={message.content} images={message.images} />
              ) : waiting ? (
                <span role="status" className="flex items-center gap-1.5 py-1 text-sm text-muted-foreground">
                  <span className="flex gap-1" aria-hidden="true">
                    {[0, 150, 300].map((delay) => (
                      <span
                        key={delay}
                        className="size-1.5 animate-bounce rounded-full bg-primary/70"
                        style={{ animationDelay: `${delay}ms` }}
                      />
                    ))}
                  </span>
                  {message.status ?? t("message.thinking")}
                </span>
              ) : (
                <Markdown caret={streaming || catchingUp} sources={message.sources}>
                  {visible}
                </Markdown>
              )}
            </div>
            {message.error !== undefined ? (
              <p className="flex items-start gap-2 text-sm text-destructive">
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {t("message.failed", { reason: chatErrorText(message.error) })}
              </p>
            ) : null}
          </>
        )}
        {mine && !editing && (editAnswer || message.versions) ? (
          <footer className="flex items-center gap-3 text-xs text-muted-foreground">
            <VersionSwitch message={message} onShow={onShowVersion} />
            {editAnswer ? (
              <button
                ref={editButton}
                type="button"
                onClick={() => setEditing(true)}
                className={ACTION_CLASS}
              >
                <Pencil className="size-3" aria-hidden="true" />
                {t("message.edit")}
              </button>
            ) : null}
          </footer>
        ) : null}
        {/* An answer's footer (sources, Copy, Regenerate) comes once it is shown whole. */}
        {!mine && !streaming && !catchingUp ? (
          <footer className="flex flex-col gap-2">
            <MessageSources sources={message.sources} />
            <div className="flex items-center gap-3 text-xs text-muted-foreground">
              <VersionSwitch message={message} onShow={onShowVersion} />
              {message.tokens != null ? (
                <span title={t("message.estimatedTokens")}>
                  {t("message.tokens", { tokens: formatTokenEstimate(message.tokens) })}
                </span>
              ) : null}
              <button type="button" onClick={() => void copyText(message.content)} className={ACTION_CLASS}>
                <Copy className="size-3" aria-hidden="true" />
                {t("message.copy")}
              </button>
              {earlierOf ? (
                <button
                  type="button"
                  aria-expanded={showEarlier}
                  onClick={() => setShowEarlier((open) => !open)}
                  className={ACTION_CLASS}
                >
                  <History className="size-3" aria-hidden="true" />
                  {t("message.earlierAnswers")}
                </button>
              ) : null}
              {onRegenerate && storedId ? (
                <button
                  type="button"
                  onClick={() => onRegenerate(storedId)}
                  title={t("message.regenerateHint")}
                  className={ACTION_CLASS}
                >
                  <RefreshCw className="size-3" aria-hidden="true" />
                  {t("message.regenerate")}
                </button>
              ) : null}
            </div>
            {showEarlier && earlierOf && conversationId ? (
              <EarlierAnswers conversationId={conversationId} messageId={earlierOf} />
            ) : null}
          </footer>
        ) : null}
      </div>
    </article>
  );
});

/**
 * "‹ 2 / 3 ›" on a turn with versions: the arrows show the version before or after (the server keeps
 * the choice); without `onShow` (an answer is being written) they are disabled.
 */
function VersionSwitch({ message, onShow }: { message: ChatMessage; onShow?: (messageId: string) => void }) {
  const { t } = useTranslation("chat");
  const versions = message.versions;
  const id = storedIdOf(message);
  const at = versions && id ? versions.indexOf(id) : -1;
  if (!versions || at < 0) return null;
  const previous = versions[at - 1];
  const next = versions[at + 1];
  return (
    <span className="flex items-center gap-0.5 tabular-nums" role="group" aria-label={t("message.versions")}>
      <button
        type="button"
        aria-label={t("message.previousVersion")}
        title={t("message.previousVersion")}
        disabled={!onShow || !previous}
        onClick={() => previous && onShow?.(previous)}
        className={cn(ACTION_CLASS, "disabled:opacity-40")}
      >
        <ChevronLeft className="size-3.5 rtl:-scale-x-100" aria-hidden="true" />
      </button>
      <span>
        {at + 1} / {versions.length}
      </span>
      <button
        type="button"
        aria-label={t("message.nextVersion")}
        title={t("message.nextVersion")}
        disabled={!onShow || !next}
        onClick={() => next && onShow?.(next)}
        className={cn(ACTION_CLASS, "disabled:opacity-40")}
      >
        <ChevronRight className="size-3.5 rtl:-scale-x-100" aria-hidden="true" />
      </button>
    </span>
  );
}
