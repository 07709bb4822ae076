// A source that is a passage of a person's document: its chip opens the document scrolled to the
// passage, and hovering or focusing it shows the passage with its page or heading.
import type { Source } from "@tessera/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

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
  const where = [source.heading, source.page ? t("cite.page", { page: source.page }) : null]
    .filter(Boolean)
    .join(" · ");
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Link
          to={passageHref(source, params.get("assistant"))}
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
        <span className="mt-1 line-clamp-6 block text-xs leading-relaxed font-normal whitespace-pre-line">
          {source.snippet}
        </span>
      </TooltipContent>
    </Tooltip>
  );
}
