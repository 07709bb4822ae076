// The one way the server answers with an event stream: `data: {json}` lines, a comment heartbeat so
// proxies keep the connection open, and an abort signal for the producer when the client leaves or the
// server shuts down (the signal's reason tells which: see live-streams.ts).
// The producer is drained even after the client left, so whatever it stores at the end is stored.
//
// The body is one ReadableStream that pulls the producer's next event when the connection takes more:
// one stage between the producer and the socket, with the socket's backpressure reaching the producer.
import { STREAM_HEARTBEAT_MS } from "@tessera/contracts";
import type { Context } from "hono";
import type { LiveStreams } from "./live-streams";

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(": ping\n\n");

export function sseResponse(
  c: Context,
  produce: (signal: AbortSignal) => AsyncIterable<unknown>,
  live?: LiveStreams,
): Response {
  const client = new AbortController();
  const untrack = live?.track(client);
  const request = c.req.raw.signal;
  const onClientGone = () => client.abort();
  request.addEventListener("abort", onClientGone, { once: true });
  const events = produce(client.signal)[Symbol.asyncIterator]();
  let heartbeat: NodeJS.Timeout | undefined;
  let finished = false;
  let cancelled = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearInterval(heartbeat);
    // Left on the request's signal, the listener would keep this whole request alive for good: the
    // runtime's Request keeps that signal in a finalizer's holdings, and the listener reaches back
    // to the Request through `c`, so the finalizer can never run.
    request.removeEventListener("abort", onClientGone);
    untrack?.();
  };
  /** Runs the producer to its end with nobody listening, so it stores what it has. */
  const drain = async () => {
    try {
      for (;;) if ((await events.next()).done) break;
    } catch {
      // The producer reports its own failures; nobody is left to tell.
    } finally {
      finish();
    }
  };

  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        heartbeat = setInterval(() => {
          try {
            controller.enqueue(HEARTBEAT);
          } catch {
            clearInterval(heartbeat);
          }
        }, STREAM_HEARTBEAT_MS);
      },
      async pull(controller) {
        let next: IteratorResult<unknown>;
        try {
          next = await events.next();
        } catch (err) {
          finish();
          return controller.error(err);
        }
        if (next.done) {
          finish();
          return controller.close();
        }
        if (cancelled) return;
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(next.value)}\n\n`));
      },
      cancel() {
        cancelled = true;
        client.abort();
        void drain();
      },
    },
    // Pull one event ahead at most: the socket's own buffer holds the rest.
    { highWaterMark: 1 },
  );
  return c.body(body, 200, {
    "Content-Type": "text/event-stream",
    "Cache-Control": "no-cache, no-transform",
    Connection: "keep-alive",
    // Tells the Node adapter not to wait for the first events to size the body.
    "Transfer-Encoding": "chunked",
    "X-Accel-Buffering": "no",
  });
}
