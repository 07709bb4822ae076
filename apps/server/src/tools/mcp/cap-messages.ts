// A message from an MCP server is held only up to a cap, never whole: a tool result past it becomes a
// result of its first part with a note saying it was cut. The JSON-RPC id, needed to answer the right
// call, is read from the message's start or its last characters (SDK servers write it last).

const TAIL_CHARS = 512;
const BOUNDARY = /\r?\n\r?\n/;

export const cutNote = (max: number) =>
  `\n\n[Cut: the tool's answer was longer than ${max.toLocaleString("en")} characters; the rest was dropped.]`;

export function capMessages(
  body: ReadableStream<Uint8Array>,
  kind: "sse" | "json",
  max: number,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let buffer = "";
  // While a message is over the cap: its first `max` characters and its last few.
  let over: { head: string; tail: string } | null = null;

  const cut = (head: string, tail: string) => {
    // The tail is the end of the last data line, as it stands.
    const message = cutMessage(kind === "sse" ? dataOf(head) : head, tail, max);
    if (!message) return "";
    return kind === "sse" ? `event: message\ndata: ${message}\n\n` : message;
  };

  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        let text = decoder.decode(chunk, { stream: true });
        let out = "";
        for (;;) {
          if (over) {
            const joined = over.tail + text;
            const end = kind === "sse" ? BOUNDARY.exec(joined) : null;
            if (!end) {
              over.tail = joined.slice(-TAIL_CHARS);
              break;
            }
            out += cut(over.head, joined.slice(0, end.index).slice(-TAIL_CHARS));
            over = null;
            text = joined.slice(end.index + end[0].length);
            continue;
          }
          buffer += text;
          text = "";
          if (kind === "sse") {
            let end: RegExpExecArray | null;
            while ((end = BOUNDARY.exec(buffer))) {
              out += buffer.slice(0, end.index + end[0].length);
              buffer = buffer.slice(end.index + end[0].length);
            }
          }
          if (buffer.length > max) {
            over = { head: buffer.slice(0, max), tail: buffer.slice(-TAIL_CHARS) };
            buffer = "";
          }
          break;
        }
        if (out) controller.enqueue(encoder.encode(out));
      },
      flush(controller) {
        const rest = decoder.decode();
        let out = "";
        if (over) out = cut(over.head, (over.tail + rest).slice(-TAIL_CHARS));
        else out = buffer + rest;
        if (out) controller.enqueue(encoder.encode(out));
      },
    }),
  );
}

/** The data lines of an event stream's text, joined as the event's data. */
function dataOf(event: string): string {
  return event
    .split(/\r?\n/)
    .filter((l) => l.startsWith("data:"))
    .map((l) => l.slice(5).replace(/^ /, ""))
    .join("\n");
}

const ID = String.raw`("(?:[^"\\]|\\.)*"|-?\d+)`;
const ID_LAST = new RegExp(String.raw`"id"\s*:\s*${ID}\s*\}\s*$`);
const ID_FIRST = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${ID}`);

/** The cut message as JSON text, or "" when its id cannot be told (it is dropped then). */
function cutMessage(head: string, tail: string, max: number): string {
  const id = ID_LAST.exec(tail)?.[1] ?? ID_FIRST.exec(head)?.[1];
  if (id === undefined) return "";
  const text = firstText(head);
  return JSON.stringify({
    jsonrpc: "2.0",
    id: JSON.parse(id) as string | number,
    result: { content: [{ type: "text", text: text + cutNote(max) }], isError: false },
  });
}

/** The readable part of the first "text" string in a JSON text cut anywhere. */
function firstText(head: string): string {
  const at = head.indexOf('"text"');
  if (at < 0) return "";
  const open = head.indexOf('"', head.indexOf(":", at + 6));
  if (open < 0) return "";
  let raw = "";
  for (let i = open + 1; i < head.length; i++) {
    const ch = head[i]!;
    if (ch === '"') break;
    if (ch === "\\") {
      const esc = head[i + 1] === "u" ? head.slice(i, i + 6) : head.slice(i, i + 2);
      if (esc.length < (head[i + 1] === "u" ? 6 : 2)) break;
      raw += esc;
      i += esc.length - 1;
    } else raw += ch;
  }
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}
