// An answer still arriving is cut anywhere: "For code, pick **Qwen 3 Co", a code block whose fence has
// not closed, "[the docs](https://exa". Rendered as it is, the markers show as text until their closer
// arrives, and the rest of an open code block reads as prose. For display only, while the text grows,
// closeUnfinished() finishes what the text has begun: the stored text is never changed.

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
/** A link or picture whose address is still arriving, at the very end. */
const OPEN_LINK = /(!?)\[([^\][\n]*)\]\([^()\s]*$/;
/** Inline markers that are closed when the text ends inside them: bold and GFM strikethrough. */
const PAIRED = ["**", "~~"] as const;

export function closeUnfinished(text: string): string {
  // Fenced code first: nothing inside a fence is markdown, and an open one is closed.
  let open: string | null = null;
  let proseFrom = 0;
  let offset = 0;
  for (const line of text.split("\n")) {
    const fence = FENCE.exec(line);
    if (fence) {
      const [, run = "", rest = ""] = fence;
      if (open === null) {
        // A backtick fence's info string cannot hold a backtick (that line is inline code instead).
        if (!(run.startsWith("`") && rest.includes("`"))) open = run;
      } else if (run[0] === open[0] && run.length >= open.length && rest.trim() === "") {
        open = null;
        proseFrom = offset + line.length + 1;
      }
    }
    offset += line.length + 1;
  }
  if (open !== null) {
    // Part of the closing fence may have arrived: it is replaced by the whole one.
    const last = text.slice(text.lastIndexOf("\n") + 1);
    if (/^ {0,3}(`+|~+)$/.exec(last)?.[1]?.[0] === open[0]) return text.slice(0, -last.length) + open;
    return `${text}${text.endsWith("\n") ? "" : "\n"}${open}`;
  }

  // Inline markers only matter in the paragraph being written.
  const blank = text.lastIndexOf("\n\n");
  const start = Math.max(proseFrom, blank === -1 ? 0 : blank + 2);
  return text.slice(0, start) + closeInline(text.slice(start));
}

function closeInline(paragraph: string): string {
  let text = paragraph.replace(OPEN_LINK, (_all, bang: string, label: string) => (bang ? "" : label));

  // Code spans: a run of backticks is closed by the next run of the same length.
  const code: [number, number][] = [];
  let openRun: { at: number; length: number } | null = null;
  for (const run of text.matchAll(/`+/g)) {
    if (!openRun) openRun = { at: run.index, length: run[0].length };
    else if (run[0].length === openRun.length) {
      code.push([openRun.at, run.index + run[0].length]);
      openRun = null;
    }
  }
  const closers: { at: number; marker: string }[] = [];
  if (openRun) {
    if (text.slice(openRun.at + openRun.length).trim() === "") {
      text = text.slice(0, openRun.at) + text.slice(openRun.at + openRun.length);
    } else {
      code.push([openRun.at, text.length]);
      closers.push({ at: openRun.at, marker: "`".repeat(openRun.length) });
    }
  }
  const inCode = (at: number) => code.some(([from, to]) => at >= from && at < to);

  for (const marker of PAIRED) {
    const seen: number[] = [];
    for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + marker.length)) {
      if (!inCode(at)) seen.push(at);
    }
    if (seen.length % 2 === 0) continue;
    const at = seen[seen.length - 1]!;
    const after = text.slice(at + marker.length);
    if (after.trim() === "") {
      // The marker itself is the last thing to arrive: shown once its text follows.
      text = text.slice(0, at) + after;
      continue;
    }
    // A marker followed by a space opens nothing ("2 ** 3").
    if (/^\s/.test(after)) continue;
    // Half of the closer may be here already ("**Qwen*"): it is held back, the whole one added.
    if (after.endsWith(marker[0]!)) text = text.slice(0, -1);
    closers.push({ at, marker });
  }
  if (closers.length === 0) return text;
  // The one opened last closes first; closers go before any trailing space, where they still close.
  const suffix = closers
    .sort((a, b) => b.at - a.at)
    .map((c) => c.marker)
    .join("");
  return text.replace(/\s*$/, (space) => suffix + space);
}
