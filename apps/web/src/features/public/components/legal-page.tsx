import type { LucideIcon } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useDocumentTitle } from "@/lib/use-document-title";

export interface LegalSection {
  /** The anchor (`/terms#billing`); stable, since people link to it. */
  id: string;
  title: string;
  body: ReactNode;
}

/** Both legal texts carry the spec's date (spec 001 §2, §9). */
export const LEGAL_UPDATED = { label: "December 2024", iso: "2024-12" };

/** The frame of a legal page: title, date, a table of contents, and the text at a reading width. */
export function LegalPage({
  title,
  icon: Icon,
  intro,
  sections,
}: {
  title: string;
  icon: LucideIcon;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  useDocumentTitle(title);
  useScrollToHash();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-10 px-4 py-10 sm:px-8 sm:py-14">
      <header className="flex max-w-[68ch] flex-col gap-3">
        <span className="flex size-12 items-center justify-center rounded-xl bg-primary/10 text-primary ring-1 ring-primary/15">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
        <p className="text-sm text-muted-foreground">
          Last updated: <time dateTime={LEGAL_UPDATED.iso}>{LEGAL_UPDATED.label}</time>
        </p>
        <div className="text-base leading-7 text-muted-foreground">{intro}</div>
      </header>

      <div className="grid gap-10 lg:grid-cols-[13rem_minmax(0,1fr)]">
        <nav aria-labelledby="toc-heading" className="lg:sticky lg:top-6 lg:self-start">
          <div className="rounded-xl border bg-card/70 p-4 text-sm shadow-xs lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none">
            <h2 id="toc-heading" className="mb-2 font-semibold">
              Contents
            </h2>
            <ol className="flex flex-col gap-1 text-muted-foreground">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="flex gap-2 rounded-md py-1 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
                  >
                    <span aria-hidden="true" className="w-5 shrink-0 tabular-nums">
                      {index + 1}.
                    </span>
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <article className="flex max-w-[68ch] flex-col gap-10 text-[0.97rem] leading-7 text-foreground/90 [&_a]:font-medium [&_a]:text-primary [&_a]:underline-offset-4 hover:[&_a]:underline [&_li]:pl-1 [&_p+p]:mt-3 [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:mt-3 [&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-1.5 [&_ul]:pl-5 [&_ul+p]:mt-3">
          {sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id} className="flex flex-col">
              <h2
                id={section.id}
                className="mb-3 scroll-mt-6 text-xl font-semibold tracking-tight text-foreground"
              >
                <span aria-hidden="true" className="mr-2 text-muted-foreground tabular-nums">
                  {index + 1}.
                </span>
                {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </article>
      </div>
    </div>
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
