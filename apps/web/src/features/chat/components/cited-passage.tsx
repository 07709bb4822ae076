// A source that is a passage of a person's document: its chip opens the document scrolled to the
// passage, and hovering or focusing it shows the passage with its page or heading, read whole from
// the server once (the stored snippet is only its best fragment), else the snippet.
import type { Source } from "@tessera/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { useChunk } from "@/lib/chunk-api";
import { markdownText } from "@/lib/markdown-text";

export const isCitedPassage = (source: Source) => Boolean(source.documentId && source.chunkId);

/**
 * `/dashboard/documents/<id>?chunk=<chunk>&page=<n>`: the document page marks and scrolls to it. In a
 * chat with an assistant, `&assistant=<id>`: its users read the passages it cites (not the documents).
 */
export function passageHref(source: Source, assistantId: string | null = null): string {
  const query = new URLSearchParams({ chunk: source.chunkId! });
  if (source.page) query.set("page", String(source.page));
  if (assistantId) query.set("assistant", assistantId);
  return `/dashboard/documents/${encodeURIComponent(source.documentId!)}?${query}`;
}

export function CitedPassageLink({
  source,
  className,
  children,
}: {
  source: Source;
  className: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("knowledge");
  // The chat's assistant (use-chat-assistant.ts keeps it in the address).
  const [params] = useSearchParams();
  const assistantId = params.get("assistant");
  const where = [source.heading, source.page ? t("cite.page", { page: source.page }) : null]
    .filter(Boolean)
    .join(" · ");
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Link
          to={passageHref(source, assistantId)}
          className={className}
          aria-label={`${source.title} · ${t("cite.open")}`}
        >
          {children}
        </Link>
      </TooltipTrigger>
      <TooltipContent
        side="top"
        className="max-w-sm rounded-lg border bg-popover px-3 py-2 text-popover-foreground shadow-lg"
      >
        <span className="block text-[0.68rem] font-semibold tracking-wide text-muted-foreground uppercase">
          {t("cite.passage")}
          {where ? ` · ${where}` : ""}
        </span>
        <PassageText source={source} assistantId={assistantId} />
      </TooltipContent>
    </Tooltip>
  );
}

/**
 * The passage as plain text (it is markdown: heading lines, lists, links), without its first line
 * when that is the heading the card's title already names.
 */
function passageText(markdown: string, heading: string | null | undefined) {
  const text = markdownText(markdown);
  const [first, ...rest] = text.split("\n");
  return heading && first === heading && rest.length > 0 ? rest.join("\n").trim() : text;
}

/** Mounted while the card is open, so the passage is fetched on the first hover only (then cached). */
function PassageText({ source, assistantId }: { source: Source; assistantId: string | null }) {
  const { t } = useTranslation("knowledge");
  const { data, isPending, isError } = useChunk(source.documentId!, source.chunkId!, assistantId);
  const passage = isPending ? null : isError ? source.snippet : data.content;
  const text = passage ? passageText(passage, source.heading) : null;
  return (
    <span
      aria-busy={isPending}
      className="mt-1 line-clamp-6 block text-xs leading-relaxed font-normal whitespace-pre-line"
    >
      {text ?? <span className="text-muted-foreground">{t("cite.loading")}</span>}
    </span>
  );
}
