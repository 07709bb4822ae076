import { Fragment } from "react";

/**
 * A snippet as plain text, with the index's **highlights** in bold. Web snippets are not rendered as
 * markdown: stray characters from a page must not become headings or links.
 */
export function HighlightedSnippet({ text }: { text: string }) {
  const parts = text.split(/\*\*(.+?)\*\*/g);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <strong key={i} className="font-semibold text-foreground">
            {part}
          </strong>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
