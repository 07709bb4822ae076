import { ATTACHED_SOURCE_PREFIX, type Source } from "@tessera/contracts";
import { ExternalLink, FileText, Paperclip } from "lucide-react";
import i18next from "i18next";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { isInAppPath, safeHref } from "@/lib/safe-href";
import { useTranslation } from "react-i18next";
import { CitedPassageLink, isCitedPassage } from "./cited-passage";

const chipClass =
  "group flex max-w-full items-center gap-2 rounded-lg border bg-background/60 py-1.5 ps-1.5 pe-2.5 text-xs transition-colors outline-none hover:border-primary/40 hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/40";

/** A file sent with the question: it has no page to open, so its chip is not a link. */
const isAttachedFile = (source: Source) => source.url.startsWith(ATTACHED_SOURCE_PREFIX);

function domainOf(source: Source): string {
  if (isAttachedFile(source)) return i18next.t("sources.attachedFile", { ns: "chat" });
  if (source.domain) return source.domain;
  if (isInAppPath(source.url)) return "Tessera";
  try {
    return new URL(source.url).hostname;
  } catch {
    return source.url;
  }
}

function SourceLink({ source, children }: { source: Source; children: ReactNode }) {
  if (isAttachedFile(source))
    return (
      <span className={chipClass} title={source.title}>
        {children}
      </span>
    );
  if (isCitedPassage(source))
    return (
      <CitedPassageLink source={source} className={chipClass}>
        {children}
      </CitedPassageLink>
    );
  const href = safeHref(source.url);
  if (isInAppPath(href)) {
    return (
      <Link to={href} className={chipClass} title={source.snippet ?? source.title}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={chipClass}
      title={source.snippet ?? source.title}
    >
      {children}
    </a>
  );
}

/**
 * The numbered sources under an answer: title and domain, matching the [n] markers in the text, and a
 * quiet note when its passages were found by words only because the embedding model did not answer.
 */
export function MessageSources({ sources }: { sources: Source[] }) {
  const { t } = useTranslation("chat");
  if (sources.length === 0) return null;
  return (
    <section aria-label={t("sources.title")} className="flex flex-col gap-1.5">
      <h2 className="text-[0.7rem] font-semibold tracking-wider text-muted-foreground uppercase">
        {t("sources.title")}
      </h2>
      <ol className="flex flex-wrap gap-1.5">
        {sources.map((source, index) => {
          const inApp = isInAppPath(source.url) || isCitedPassage(source);
          return (
            <li key={`${source.url}-${index}`} className="max-w-full min-w-0">
              <SourceLink source={source}>
                <span className="flex size-5 shrink-0 items-center justify-center rounded-md bg-primary/10 text-[0.68rem] font-semibold text-primary">
                  {index + 1}
                </span>
                <span dir="auto" className="truncate font-medium text-foreground/90">
                  {source.title}
                </span>
                <span className="shrink-0 text-muted-foreground">{domainOf(source)}</span>
                {isAttachedFile(source) ? (
                  <Paperclip className="size-3 shrink-0 text-muted-foreground" aria-hidden="true" />
                ) : inApp ? (
                  <FileText className="size-3 shrink-0 text-muted-foreground" aria-hidden="true" />
                ) : (
                  <ExternalLink className="size-3 shrink-0 text-muted-foreground" aria-hidden="true" />
                )}
              </SourceLink>
            </li>
          );
        })}
      </ol>
      {sources.some((s) => s.fallback === "keyword") ? (
        <p className="text-xs text-muted-foreground">{t("sources.keywordOnly")}</p>
      ) : null}
    </section>
  );
}
