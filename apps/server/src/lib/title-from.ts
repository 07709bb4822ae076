import { oneLine, splitAttachments } from "@tessera/contracts";

/**
 * A conversation's title: the first words of the message that started it, on one line. Attached
 * files' texts ride in the message under a "[Attached: name]" marker: the title is the question's,
 * or the files' names when the question is only the files.
 */
export function titleFrom(message: string): string {
  const { text, attachments } = splitAttachments(message);
  const line = oneLine(text) || attachments.map((a) => a.name).join(", ");
  return line.length > 60 ? `${line.slice(0, 57).trimEnd()}...` : line;
}
