// A document's text, page by page when it has pages (a PDF's are split by form feeds), with the
// passage an answer cited marked and scrolled into view: `passage` (the chunk's text) marks the
// blocks it holds; `page` alone brings that page into view.
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Markdown } from "@/components/markdown";

/** Letters and digits only, lower case: markdown marks and spacing differ between source and page. */
const plain = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

const BLOCKS = "p, li, h1, h2, h3, h4, h5, h6, td, th, pre, blockquote";
const MARKED = [
  "bg-amber-100",
  "dark:bg-amber-900/40",
  "rounded",
  "ring-4",
  "ring-amber-100",
  "dark:ring-amber-900/40",
];

export function DocumentText({
  content,
  page,
  passage,
}: {
  content: string;
  page: number | null;
  passage: string | null;
}) {
  const { t } = useTranslation("documents");
  const ref = useRef<HTMLElement>(null);
  const pages = content.includes("\f") ? content.split("\f") : null;

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const marked: Element[] = [];
    if (passage) {
      const cited = plain(passage);
      for (const el of root.querySelectorAll(BLOCKS)) {
        const text = plain(el.textContent ?? "");
        // A block is part of the passage, or (a short passage) the passage is part of a block.
        if (text.length >= 12 && (cited.includes(text) || (cited.length >= 12 && text.includes(cited))))
          marked.push(el);
      }
    }
    for (const el of marked) {
      el.setAttribute("data-cited", "true");
      el.classList.add(...MARKED);
    }
    const target = marked[0] ?? (page ? root.querySelector(`#page-${page}`) : null);
    target?.scrollIntoView?.({ block: "center" });
    return () => {
      for (const el of marked) {
        el.removeAttribute("data-cited");
        el.classList.remove(...MARKED);
      }
    };
  }, [passage, page, content]);

  return (
    <article
      ref={ref}
      aria-label={t("page.text")}
      className="rounded-xl border bg-card px-5 py-4 sm:px-7 sm:py-6"
    >
      {pages ? (
        pages.map((text, i) => (
          <section
            key={i}
            id={`page-${i + 1}`}
            aria-label={t("page.pageLabel", { page: i + 1 })}
            className={
              page === i + 1
                ? "scroll-mt-24 rounded-lg border-s-4 border-amber-400 ps-4"
                : "scroll-mt-24 border-s-4 border-transparent ps-4"
            }
          >
            <p className="mb-2 text-xs font-medium text-muted-foreground">
              {t("page.pageLabel", { page: i + 1 })}
            </p>
            <Markdown>{text}</Markdown>
            {i + 1 < pages.length ? <hr className="my-6" /> : null}
          </section>
        ))
      ) : (
        <Markdown>{content}</Markdown>
      )}
    </article>
  );
}
