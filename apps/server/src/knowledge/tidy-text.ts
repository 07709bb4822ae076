/** Line breaks made `\n`, runs of blank lines made one, the ends trimmed. */
export const tidyText = (s: string) =>
  s
    .replace(/\r\n?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

/**
 * The ends trimmed, but form feeds at the start kept: they stand for a PDF's pages without text,
 * and dropping them would number every page after them one too low.
 */
export const trimKeepingPages = (s: string) => s.replace(/^[^\S\f]+/, "").trimEnd();
