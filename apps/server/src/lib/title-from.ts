import { oneLine } from "@tessera/contracts";

/** A conversation's title: the first words of the message that started it, on one line. */
export function titleFrom(message: string): string {
  const line = oneLine(message);
  return line.length > 60 ? `${line.slice(0, 57).trimEnd()}...` : line;
}
