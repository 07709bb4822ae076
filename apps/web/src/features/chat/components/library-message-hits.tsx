// What a search of Recent Chats found inside messages: each hit's conversation, who wrote it, and a
// snippet whose matched words are marked. The server sends plain text and ranges; the marks are
// made here as elements, so nothing in a message is ever read as HTML.
import type { HighlightRange, MessageHit } from "@tessera/contracts";
import { Bot, User } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatRelativeTime } from "../utils/time-label";
import { useTranslation } from "react-i18next";
import { shownTitle } from "@/lib/default-titles";

/** The snippet as text and <mark> elements; ranges out of order, overlapping or out of bounds are skipped. */
export function markedSnippet(snippet: string, ranges: HighlightRange[]): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start < at || end <= start || end > snippet.length) continue;
    if (start > at) parts.push(snippet.slice(at, start));
    parts.push(
      <mark key={start} className="rounded-sm bg-primary/20 px-0.5 text-foreground">
        {snippet.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < snippet.length) parts.push(snippet.slice(at));
  return parts;
}

export function LibraryMessageHits({ hits, onOpen }: { hits: MessageHit[]; onOpen?: () => void }) {
  const { t } = useTranslation("chat");
  return (
    <ul aria-label={t("recent.messagesFound")} className="flex flex-col gap-0.5">
      {hits.map((hit) => {
        const Icon = hit.role === "user" ? User : Bot;
        return (
          <li key={hit.message_id}>
            <Link
              to={`/dashboard/chat?conversation=${encodeURIComponent(hit.conversation_id)}&message=${encodeURIComponent(hit.message_id)}`}
              onClick={onOpen}
              className="flex flex-col gap-1 rounded-lg px-2.5 py-2 text-sm outline-none hover:bg-accent/70 focus-visible:ring-[3px] focus-visible:ring-ring/40"
            >
              <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <Icon
                  className="size-3 shrink-0"
                  aria-label={hit.role === "user" ? t("message.you") : t("recent.answer")}
                />
                <span className="truncate font-medium text-foreground">
                  {shownTitle(hit.conversation_title) || t("untitled")}
                </span>
                <time dateTime={hit.created_at} className="ms-auto shrink-0">
                  {formatRelativeTime(new Date(hit.created_at))}
                </time>
              </span>
              <span
                data-testid="message-hit-snippet"
                className="line-clamp-3 text-xs leading-relaxed text-muted-foreground"
              >
                {markedSnippet(hit.snippet, hit.highlights)}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
