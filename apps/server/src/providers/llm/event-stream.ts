// Reads a text/event-stream as it arrives: text in, the data of each complete event out. Follows the
// WHATWG format: lines end in \n, \r\n or \r (a \r\n may be split across two reads), `data:` lines of
// one event are joined with \n, a blank line ends the event, comments and other fields are skipped,
// and an event the stream ends in the middle of is dropped.

export interface EventStreamReader {
  /** Feeds the next piece of text; `onData` runs for every event it completes, in order. */
  push(text: string): void;
}

export function createEventStreamReader(onData: (data: string) => void): EventStreamReader {
  let buffer = "";
  let data: string | null = null;
  let heldCR = false;

  const line = (text: string) => {
    if (text === "") {
      if (data !== null) onData(data);
      data = null;
      return;
    }
    if (text.charCodeAt(0) === 58 /* ":" */) return;
    const colon = text.indexOf(":");
    const field = colon < 0 ? text : text.slice(0, colon);
    if (field !== "data") return;
    let value = colon < 0 ? "" : text.slice(colon + 1);
    if (value.charCodeAt(0) === 32 /* " " */) value = value.slice(1);
    data = data === null ? value : `${data}\n${value}`;
  };

  return {
    push(text) {
      if (heldCR) {
        text = `\r${text}`;
        heldCR = false;
      }
      if (text.includes("\r")) {
        // A \r at the very end may be the first half of \r\n: keep it for the next read.
        if (text.endsWith("\r")) {
          heldCR = true;
          text = text.slice(0, -1);
        }
        text = text.replace(/\r\n?/g, "\n");
      }
      buffer += text;
      let start = 0;
      for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n", start)) {
        line(buffer.slice(start, end));
        start = end + 1;
      }
      buffer = start === 0 ? buffer : buffer.slice(start);
    },
  };
}
