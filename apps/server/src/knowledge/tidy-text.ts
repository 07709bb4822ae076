/** Line breaks made `\n`, runs of blank lines made one, the ends trimmed. */
export const tidyText = (s: string) =>
  s
    .replace(/\r\n?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
