// A stream that stalled (lib/sse-reader.ts), apart from the reader: the chat tells it from other
// failures on its first screen, and loads the reader only once it sends or follows an answer.
export class StreamIdleError extends Error {
  constructor(idleMs: number) {
    super(`The response stalled for more than ${Math.round(idleMs / 1000)} seconds. Please try again.`);
    this.name = "StreamIdleError";
  }
}
