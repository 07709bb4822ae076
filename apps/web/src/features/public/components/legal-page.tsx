import type { LucideIcon } from "lucide-react";
import { useEffect } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { dateFormat } from "@/lib/utils";
import { useDocumentTitle } from "@/lib/use-document-title";

/** A paragraph's key, or the keys of a list's items, under the section's key in namespace `legal`. */
type LegalBlock = string | string[];

export interface LegalSection {
  /** The anchor (`/terms#billing`); stable, since people link to it. */
  id: string;
  /** Its texts' key under the page's (`acceptableUse`); the id when left out. */
  key?: string;
  blocks: LegalBlock[];
}

/** What one text needs besides its words: values, a count choosing its plural form, a link's target. */
export interface LegalTextOptions {
  values?: Record<string, string>;
  count?: number;
  to?: string;
}

/** Both legal texts carry the spec's date (spec 001 §2, §9), a month shown in the reader's language. */
export const LEGAL_UPDATED = "2024-12";
// In UTC, so that the first of the month is not the month before west of Greenwich.
const monthFormat = dateFormat({ month: "long", year: "numeric", timeZone: "UTC" });

/**
 * The frame of a legal page: title, date, a table of contents, and the text at a reading width.
 * Its texts are `<page>.title`, `<page>.intro` and `<page>.<section>.title` plus the sections' blocks.
 */
export function LegalPage({
  page,
  icon: Icon,
  sections,
  options = {},
}: {
  page: "terms" | "privacy";
  icon: LucideIcon;
  sections: LegalSection[];
  /** By key under the page's (`plans.trial`). */
  options?: Record<string, LegalTextOptions>;
}) {
  const { t } = useTranslation("legal");
  const title = t(`${page}.title`);
  useDocumentTitle(title);
  useScrollToHash();
  const titled = sections.map((section) => {
    const key = `${page}.${section.key ?? section.id}`;
    return { ...section, key, title: t(`${key}.title`) };
  });
  const text = (key: string) => <LegalText i18nKey={key} {...options[key.slice(page.length + 1)]} />;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-10 px-4 py-10 sm:px-8 sm:py-14">
      <header className="flex max-w-[68ch] flex-col gap-3">
        <span className="flex size-12 items-center justify-center rounded-xl bg-primary/10 text-primary ring-1 ring-primary/15">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-semibold tracking-tight break-words sm:text-4xl">{title}</h1>
        <p className="text-sm text-muted-foreground">
          <Trans
            t={t}
            i18nKey="page.updated"
            values={{ date: monthFormat().format(new Date(`${LEGAL_UPDATED}-01T00:00:00Z`)) }}
            components={{ time: <time dateTime={LEGAL_UPDATED} /> }}
          />
        </p>
        <div className="text-base leading-7 text-muted-foreground">{t(`${page}.intro`)}</div>
      </header>

      <div className="grid gap-10 lg:grid-cols-[13rem_minmax(0,1fr)]">
        <nav aria-labelledby="toc-heading" className="lg:sticky lg:top-6 lg:self-start">
          <div className="rounded-xl border bg-card/70 p-4 text-sm shadow-xs lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none">
            <h2 id="toc-heading" className="mb-2 font-semibold">
              {t("page.contents")}
            </h2>
            <ol className="flex flex-col gap-1 text-muted-foreground">
              {titled.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="flex gap-2 rounded-md py-1 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
                  >
                    <span aria-hidden="true" className="min-w-6 shrink-0 tabular-nums">
                      {index + 1}.
                    </span>
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <article className="flex max-w-[68ch] flex-col gap-10 text-[0.97rem] leading-7 text-foreground/90 [&_a]:font-medium [&_a]:text-primary [&_a]:underline-offset-4 hover:[&_a]:underline [&_li]:ps-1 [&_p+p]:mt-3 [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:mt-3 [&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-1.5 [&_ul]:ps-5 [&_ul+p]:mt-3">
          {titled.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id} className="flex flex-col">
              <h2
                id={section.id}
                className="mb-3 scroll-mt-6 text-xl font-semibold tracking-tight text-foreground"
              >
                <span aria-hidden="true" className="me-2 text-muted-foreground tabular-nums">
                  {index + 1}.
                </span>
                {section.title}
              </h2>
              {section.blocks.map((block) =>
                typeof block === "string" ? (
                  <p key={block}>{text(`${section.key}.${block}`)}</p>
                ) : (
                  <ul key={block.join()}>
                    {block.map((item) => (
                      <li key={item}>{text(`${section.key}.${item}`)}</li>
                    ))}
                  </ul>
                ),
              )}
            </section>
          ))}
        </article>
      </div>
    </div>
  );
}

/** One text of namespace `legal`, its `<strong>` and `<a>` made into elements. */
function LegalText({ i18nKey, values, count, to }: LegalTextOptions & { i18nKey: string }) {
  const { t } = useTranslation("legal");
  return (
    <Trans
      t={t}
      i18nKey={i18nKey}
      values={values}
      count={count}
      components={{ strong: <strong />, a: to ? <Link to={to} /> : <span /> }}
    />
  );
}

/** A link straight to a section (`/privacy#cookies`) lands on it once the lazy page has rendered. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView?.();
  }, [hash]);
}
