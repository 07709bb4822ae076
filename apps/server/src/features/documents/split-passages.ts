/**
 * Splits text into passages of about `size` characters at paragraph, then sentence, boundaries.
 * Paragraphs keep their blank line inside a passage, so a markdown heading stays a line of its own.
 */
export function splitPassages(text: string, size = 1200): string[] {
  const paragraphs = text
    .replace(/\r\n/g, "\n")
    .split(/\n{2,}/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  const pieces = paragraphs.flatMap((p) =>
    p.length <= size ? [p] : (p.match(/[^.!?]+[.!?]*\s*/g) ?? [p]).map((s) => s.trim()),
  );
  const passages: string[] = [];
  let current = "";
  for (const piece of pieces) {
    for (let start = 0; start < piece.length; start += size) {
      const part = piece.slice(start, start + size);
      if (current && current.length + part.length + 2 > size) {
        passages.push(current);
        current = "";
      }
      current = current ? `${current}\n\n${part}` : part;
    }
  }
  if (current) passages.push(current);
  return passages;
}
