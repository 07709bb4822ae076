// Cuts a script into pieces of at most `max` characters for engines with an input limit: at sentence
// ends where possible, else at a comma or space, and only as a last resort inside a word.

// \u2026 is the ellipsis, \u201d and \u2019 closing quotes: escaped, so the server's bundle stays ASCII
// (V8 keeps a source that is not as two bytes a character).
const SENTENCE = /[^.!?\u2026\n]*(?:[.!?\u2026]+["'\u201d\u2019)\]]*|\n+|$)\s*/gu;

function splitLong(sentence: string, max: number): string[] {
  const parts: string[] = [];
  let rest = sentence;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const cut = Math.max(window.lastIndexOf(", "), window.lastIndexOf("; "), window.lastIndexOf(" "));
    const at = cut > max / 2 ? cut + 1 : max;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  if (rest) parts.push(rest);
  return parts;
}

export function splitScript(text: string, max: number): string[] {
  const sentences = (text.match(SENTENCE) ?? [text]).filter(Boolean).flatMap((s) => splitLong(s, max));
  const pieces: string[] = [];
  let piece = "";
  for (const sentence of sentences) {
    if (piece && piece.length + sentence.length > max) {
      pieces.push(piece);
      piece = "";
    }
    piece += sentence;
  }
  if (piece) pieces.push(piece);
  return pieces.map((p) => p.trim()).filter(Boolean);
}
