/** Splits text into passages of about `size` characters at paragraph, then sentence, boundaries. */
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
      if (current && current.length + part.length + 1 > size) {
        passages.push(current);
        current = "";
      }
      current = current ? `${current} ${part}` : part;
    }
  }
  if (current) passages.push(current);
  return passages;
}
