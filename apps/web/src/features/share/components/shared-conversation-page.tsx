// The public page of a share link (/share/<token>): the conversation as it was shared, read-only,
// for anyone holding the link, signed in or not. Model text renders through the chat's markdown rules
// (safe links only, no script, pictures only from this app's stored files); nothing is indexed.
import { splitAttachments, type SharedMessage } from "@tessera/contracts";
import { Bot, ExternalLink, FileText, Link2Off, User } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Markdown } from "@/components/lazy-markdown";
import { PageSpinner } from "@/components/ui/spinner";
import { safeHref, storedFileSrc } from "@/lib/safe-href";
import { formatWhen } from "@/lib/utils";
import { useSharedConversation } from "../api/get-shared-conversation";
import { shownTitle } from "@/lib/default-titles";

function Pictures({ images }: { images: SharedMessage["images"] }) {
  const { t } = useTranslation("share");
  const shown = images.map((i) => storedFileSrc(i.url)).filter((src): src is string => src !== null);
  if (shown.length === 0) return null;
  return (
    <ul aria-label={t("pictures")} className="flex flex-wrap gap-2">
      {shown.map((src) => (
        <li key={src}>
          <img src={src} alt={t("attached")} className="size-28 rounded-lg border object-cover" />
        </li>
      ))}
    </ul>
  );
}

function Sources({ sources }: { sources: SharedMessage["sources"] }) {
  const { t } = useTranslation("share");
  if (sources.length === 0) return null;
  return (
    <ol aria-label={t("sources")} className="flex flex-col gap-1 border-t pt-2 text-xs text-muted-foreground">
      {sources.map((s, i) => {
        const href = safeHref(s.url);
        return (
          <li key={`${s.url}-${i}`} className="flex items-center gap-1.5">
            <span className="font-mono">[{i + 1}]</span>
            {href.startsWith("http") ? (
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="truncate hover:underline"
              >
                {s.title || s.domain || s.url}
                <ExternalLink className="ms-1 inline size-3" aria-hidden="true" />
              </a>
            ) : (
              <span className="truncate">{s.title}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function SharedMessageView({ message }: { message: SharedMessage }) {
  const { t } = useTranslation("share");
  const mine = message.role === "user";
  const { text, attachments } = mine ? splitAttachments(message.content) : { text: "", attachments: [] };
  const Icon = mine ? User : Bot;
  return (
    <article aria-label={mine ? t("question") : t("answer")} className="flex gap-3">
      <span
        className={`flex size-8 shrink-0 items-center justify-center rounded-full ${mine ? "bg-muted" : "bg-primary/10 text-primary"}`}
      >
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <header className="flex items-baseline gap-2 text-xs text-muted-foreground">
          <span className="text-sm font-semibold text-foreground">
            {mine ? t("question") : (message.model ?? t("answer"))}
          </span>
          <time dateTime={message.created_at}>{formatWhen(message.created_at)}</time>
        </header>
        {mine ? (
          <div className="flex flex-col gap-2 rounded-2xl rounded-ss-md bg-primary/8 px-4 py-2.5 ring-1 ring-primary/10">
            <Pictures images={message.images} />
            <p className="whitespace-pre-wrap">{text}</p>
            {attachments.map((file, i) => (
              <details key={`${file.name}-${i}`} className="rounded-lg border bg-background/50 text-sm">
                <summary className="flex cursor-pointer items-center gap-2 px-2.5 py-1.5 text-xs font-medium">
                  <FileText className="size-3.5" aria-hidden="true" />
                  {file.name}
                </summary>
                <pre className="max-h-48 overflow-auto border-t px-2.5 py-2 text-xs whitespace-pre-wrap">
                  {file.text}
                </pre>
              </details>
            ))}
          </div>
        ) : (
          <div className="flex flex-col gap-2 rounded-2xl rounded-ss-md border bg-card px-4 py-3 shadow-xs">
            <Markdown sources={message.sources}>{message.content}</Markdown>
            <Pictures images={message.images} />
            <Sources sources={message.sources} />
          </div>
        )}
      </div>
    </article>
  );
}

export function SharedConversationPage() {
  const { token = "" } = useParams();
  const shared = useSharedConversation(token);
  const { t } = useTranslation("share");
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      {shared.isPending ? <PageSpinner label={t("loading")} /> : null}
      {shared.data === null || shared.isError ? (
        <section className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-20 text-center">
          <Link2Off className="size-10 text-muted-foreground" aria-hidden="true" />
          <h1 className="text-xl font-semibold">{t("broken.title")}</h1>
          <p className="text-sm text-muted-foreground">
            {shared.isError ? t("broken.loadFailed") : t("broken.gone")}
          </p>
        </section>
      ) : null}
      {shared.data ? (
        <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-8">
          <title>
            {t("documentTitle", { title: shownTitle(shared.data.title) || t("sharedConversation") })}
          </title>
          <header className="flex flex-col gap-1 border-b pb-4">
            <p className="text-xs font-medium tracking-wide text-primary uppercase">{t("readOnly")}</p>
            <h1 className="text-2xl font-semibold tracking-tight">
              {shownTitle(shared.data.title) || t("untitled")}
            </h1>
            <p className="text-xs text-muted-foreground">
              {t("snapshot", { when: formatWhen(shared.data.shared_at) })}
            </p>
          </header>
          {shared.data.messages.map((m, i) => (
            <SharedMessageView key={i} message={m} />
          ))}
        </section>
      ) : null}
    </>
  );
}
