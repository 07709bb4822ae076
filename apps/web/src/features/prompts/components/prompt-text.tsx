import { fillPlaceholders, promptPlaceholders } from "@tessera/contracts";
import { cn } from "@/lib/utils";

// The contracts own the placeholder syntax; wrapping each one in a separator the text cannot hold
// finds them without a second copy of the pattern here.
const MARK = "\u0000";

function parts(content: string): string[] {
  const names = promptPlaceholders(content);
  if (names.length === 0) return [content];
  const marked = Object.fromEntries(names.map((name) => [name, `${MARK}{{${name}}}${MARK}`]));
  return fillPlaceholders(content.replaceAll(MARK, ""), marked).split(MARK);
}

/** A prompt's text with its {{placeholders}} marked, so the values it will ask for stand out. */
export function PromptText({ content, className }: { content: string; className?: string }) {
  return (
    <p className={cn("break-words whitespace-pre-line", className)}>
      {parts(content).map((part, i) =>
        i % 2 === 1 ? (
          <mark key={i} className="rounded bg-primary/10 px-0.5 font-medium text-primary">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </p>
  );
}
