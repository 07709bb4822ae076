// Markdown read as plain text: a passage of a document (a heading line, a list, a link) shown where
// markdown is not rendered, such as a citation's card. The words stay; the syntax around them goes.

/** `markdown` without its syntax: headings, quotes, bullets, emphasis, code marks, links and images. */
export function markdownText(markdown: string): string {
  return markdown
    .split("\n")
    .filter((line) => !/^\s*(```|~~~)/.test(line) && !/^\s*([-*_])(\s*\1){2,}\s*$/.test(line))
    .map((line) =>
      line
        .replace(/^\s{0,3}#{1,6}\s+(.*?)(\s+#+)?\s*$/, "$1")
        .replace(/^\s*(>\s?)+/, "")
        .replace(/^(\s*)[-*+]\s+(\[[ xX]\]\s+)?/, "$1• ")
        .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
        .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
        .replace(/<((?:https?|mailto|tel):[^>\s]+)>/g, "$1")
        .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, "$2")
        .replace(/(^|[^\w*])([*_])(?=\S)(.+?)(?<=\S)\2(?![\w*])/g, "$1$3")
        .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, "$1")
        .replace(/`+([^`]+)`+/g, "$1"),
    )
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
