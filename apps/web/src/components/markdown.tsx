// Renders model output as markdown (GitHub flavour). Links are filtered by lib/safe-href: external
// ones open in a new tab, in-app paths navigate inside the app, anything else is an inert "#".
// Pictures load only from the files this app stores; raw HTML is shown as the text it is.
// Citation markers such as [1] become small superscripts that match the numbered sources; given the
// sources, each one links to its source (through the same link rules).
import i18next from "i18next";
import type { ComponentProps, MouseEvent } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import { Link } from "react-router";
import remarkGfm from "remark-gfm";
import { INERT_HREF, isInAppPath, safeHref, storedFileSrc } from "@/lib/safe-href";
import { closeUnfinished } from "@/lib/unfinished-markdown";
import { cn } from "@/lib/utils";

interface MdNode {
  type: string;
  value?: string;
  url?: string;
  title?: string | null;
  children?: MdNode[];
  data?: { hName?: string; hProperties?: Record<string, string> };
}

const CITATION = /\[(\d{1,2})\](?![(:[])/g;

/** What a citation [n] points at: the n-th of the sources listed with the text. */
export interface CitedSource {
  url: string;
  title?: string;
}

/**
 * Splits "[n]" out of plain text into <sup class="citation"> nodes (never inside code or links),
 * each wrapped in a link to its source when the n-th source is known.
 */
function remarkCitations(options: { sources?: readonly CitedSource[] } = {}) {
  const walk = (node: MdNode) => {
    if (!node.children || node.type === "link" || node.type === "linkReference") return;
    node.children = node.children.flatMap((child): MdNode[] => {
      if (child.type !== "text" || !child.value) {
        walk(child);
        return [child];
      }
      const parts: MdNode[] = [];
      let last = 0;
      for (const match of child.value.matchAll(CITATION)) {
        if (match.index > last) parts.push({ type: "text", value: child.value.slice(last, match.index) });
        const citation: MdNode = {
          type: "citation",
          data: { hName: "sup", hProperties: { className: "citation" } },
          children: [{ type: "text", value: match[1] ?? "" }],
        };
        const source = options.sources?.[Number(match[1]) - 1];
        parts.push(
          source
            ? { type: "link", url: source.url, title: source.title ?? null, children: [citation] }
            : citation,
        );
        last = match.index + match[0].length;
      }
      if (last === 0) return [child];
      if (last < child.value.length) parts.push({ type: "text", value: child.value.slice(last) });
      return parts;
    });
  };
  return (tree: MdNode) => walk(tree);
}

const ignoreClick = (event: MouseEvent) => event.preventDefault();

function MarkdownLink({ href, children, node: _node, ...rest }: ComponentProps<"a"> & { node?: unknown }) {
  const target = safeHref(href);
  if (target === INERT_HREF) {
    return (
      <a {...rest} href={INERT_HREF} onClick={ignoreClick} aria-disabled="true">
        {children}
      </a>
    );
  }
  if (isInAppPath(target))
    return (
      <Link to={target} title={rest.title}>
        {children}
      </Link>
    );
  return (
    <a {...rest} href={target} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

const components: Components = {
  a: MarkdownLink,
  // Only files this app stores are shown; any other picture is named, never fetched.
  img: ({ src, alt }) => {
    const stored = typeof src === "string" ? storedFileSrc(src) : null;
    return stored ? (
      <img src={stored} alt={alt ?? ""} loading="lazy" />
    ) : (
      <span className="text-muted-foreground">[{alt || i18next.t("markdown.image")}]</span>
    );
  },
  table: ({ node: _node, ...props }) => (
    <div className="table-wrap">
      <table {...props} />
    </div>
  ),
};

/** Both links and images go through the allow-list before rendering. */
const urlTransform = (url: string, key: string) =>
  key === "src" ? (storedFileSrc(url) ?? "") : safeHref(url);

/**
 * `caret` shows a blinking cursor after the last line (an answer that is still arriving), and the
 * markdown it has begun is shown finished (lib/unfinished-markdown.ts).
 */
export function Markdown({
  children,
  className,
  caret = false,
  sources,
}: {
  children: string;
  className?: string;
  caret?: boolean;
  /** The sources the text cites as [1], [2]…: each marker then links to its source. */
  sources?: readonly CitedSource[];
}) {
  return (
    <div className={cn("markdown", className)} data-caret={caret || undefined}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm, [remarkCitations, { sources }]]}
        urlTransform={urlTransform}
        components={components}
      >
        {caret ? closeUnfinished(children) : children}
      </ReactMarkdown>
    </div>
  );
}
