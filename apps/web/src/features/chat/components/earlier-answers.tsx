// The answers a regenerated answer replaced, read again under it: oldest first, each with its model,
// its time and a Copy. Read from the server when opened.
import type { StoredMessage } from "@tessera/contracts";
import { useQuery } from "@tanstack/react-query";
import { Copy } from "lucide-react";
import { Markdown } from "@/components/lazy-markdown";
import { Spinner } from "@/components/ui/spinner";
import { copyText } from "@/lib/clipboard";
import { cn, formatWhen } from "@/lib/utils";
import { earlierAnswersQuery } from "../api/get-conversation-messages";
import { useModelInfo } from "../api/get-models";
import { formatTimeLabel } from "../utils/time-label";
import { ACTION_CLASS } from "./message-action";
import { useTranslation } from "react-i18next";

export function EarlierAnswers({ conversationId, messageId }: { conversationId: string; messageId: string }) {
  const { t } = useTranslation("chat");
  const { data, isPending, isError, refetch } = useQuery(earlierAnswersQuery(conversationId, messageId));
  return (
    <section
      aria-label={t("message.earlierAnswers")}
      className="flex flex-col gap-2 rounded-xl border border-dashed p-3"
    >
      {isPending ? (
        <Spinner label={t("earlier.loading")} className="size-4 text-primary" />
      ) : isError ? (
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          {t("earlier.loadFailed")}
          <button type="button" onClick={() => void refetch()} className={ACTION_CLASS}>
            {t("recent.tryAgain")}
          </button>
        </p>
      ) : data.length === 0 ? (
        <p className="text-xs text-muted-foreground">{t("earlier.none")}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {data.map((answer, index) => (
            <EarlierAnswer key={answer.id} answer={answer} number={index + 1} />
          ))}
        </ol>
      )}
    </section>
  );
}

function EarlierAnswer({ answer, number }: { answer: StoredMessage; number: number }) {
  const { t } = useTranslation("chat");
  const model = useModelInfo(answer.model);
  const time = new Date(answer.created_at);
  return (
    <li aria-label={t("earlier.answer", { number })} className="flex flex-col gap-1">
      <header className="flex items-baseline gap-2 text-xs text-muted-foreground">
        <span className="font-medium text-foreground">
          {model?.name ?? answer.model ?? t("message.assistant")}
        </span>
        <time dateTime={answer.created_at} title={formatWhen(answer.created_at)}>
          {formatTimeLabel(time)}
        </time>
        <button
          type="button"
          onClick={() => void copyText(answer.content)}
          className={cn("ms-auto", ACTION_CLASS)}
        >
          <Copy className="size-3" aria-hidden="true" />
          {t("message.copy")}
        </button>
      </header>
      <div dir="auto" className="text-sm text-muted-foreground">
        <Markdown sources={answer.sources}>{answer.content}</Markdown>
      </div>
    </li>
  );
}
