/** A conversation's title: the first words of the message that started it, on one line. */
export function titleFrom(message: string): string {
  const line = message.replace(/\s+/g, " ").trim();
  return line.length > 60 ? `${line.slice(0, 57).trimEnd()}...` : line;
}
