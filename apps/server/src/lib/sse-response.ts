// The one way the server answers with an event stream: `data: {json}` lines, a comment heartbeat so
// proxies keep the connection open, and an abort signal for the producer when the client leaves or the
// server shuts down (the signal's reason tells which: see streams/durable-answers.ts).
// The producer is drained even after the client left, so whatever it stores at the end is stored.
// With `outliveClient` (a durable answer) a client that leaves once it has had the first event does
// not stop the producer at all: the answer is written to its end and read back later (a reload,
// another tab); only Stop by its name or a shutdown aborts it then.
//
// On the Node server the events are written straight to the socket's response, once every middleware
// has had its say on the headers (`sseHandOff`, the outermost middleware): one write per event, a wait
// for "drain" when the socket is full. Without the hand-off (an in-process request, as tests make) the
// body is one ReadableStream that pulls the producer's next event when the connection takes more. An
// aborted request fails that body, as a fetch's, and drains the producer: nothing else would pull it. The
// direct path holds far less per open stream: no web stream, reader or read request per event, and
// no adapter frames waiting on the stream's end.
import type { ServerResponse } from "node:http";
import { STREAM_HEARTBEAT_MS } from "@tessera/contracts";
import type { Context, MiddlewareHandler } from "hono";

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(": ping\n\n");

/**
 * The Node adapter's mark for a response its handler wrote itself. (Its own RESPONSE_ALREADY_SENT is
 * for returning from a handler: copied through `c.res`, as a middleware must, it loses the mark.)
 */
const ALREADY_SENT = "x-hono-already-sent";
const HAND_OFF = "sseHandOff";
/** What the outermost middleware and a handler's event stream share on the Node server. */
type HandOff = { outgoing: ServerResponse; start?: (headers: Headers) => void; cancel?: () => void };

/**
 * The outermost middleware: when a handler asked for a direct event stream, the final headers (every
 * middleware's included) go out with it, and the adapter is told the response is already sent.
 */
export const sseHandOff = (): MiddlewareHandler => async (c, next) => {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing) return next();
  const handOff: HandOff = { outgoing };
  c.set(HAND_OFF as never, handOff as never);
  await next();
  if (!handOff.start) return;
  // Something after the handler answered instead (an error): the stream never starts.
  if (c.res.status !== 200 || c.res.headers.get("content-type") !== SSE_HEADERS["Content-Type"])
    return handOff.cancel?.();
  handOff.start(c.res.headers);
  c.res = new Response(null, { headers: { [ALREADY_SENT]: "true" } });
};

const SSE_HEADERS = {
  "Content-Type": "text/event-stream",
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
};

export interface SseOptions {
  /**
   * The producer's abort controller, when the caller made it (a durable answer, opened and tracked
   * before its response); otherwise one is made here.
   */
  controller?: AbortController;
  /** Follows the stream while it runs (the process's open streams, ended well on shutdown). */
  track?: (controller: AbortController) => () => void;
  /** Keep producing after the client leaves, once the first event reached it. */
  outliveClient?: boolean;
}

export function sseResponse(
  c: Context,
  produce: (signal: AbortSignal) => AsyncIterable<unknown>,
  { controller, track, outliveClient = false }: SseOptions = {},
): Response {
  const client = controller ?? new AbortController();
  const untrack = track?.(client);
  const request = c.req.raw.signal;
  /** The first event was handed to the client. */
  let delivered = false;
  const onClientGone = () => {
    if (!(outliveClient && delivered)) client.abort();
  };
  const events = produce(client.signal)[Symbol.asyncIterator]();
  /** The producer's first event, asked for before the response starts (the direct path). */
  let primed: Promise<IteratorResult<unknown>> | null = null;
  const nextEvent = () => {
    const next = primed ?? events.next();
    primed = null;
    return next;
  };
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
    request.removeEventListener("abort", onRequestAborted);
    untrack?.();
  };
  /** Runs the producer to its end with nobody listening, so it stores what it has. */
  const drain = async () => {
    try {
      for (;;) if ((await nextEvent()).done) break;
    } catch {
      // The producer reports its own failures; nobody is left to tell.
    } finally {
      finish();
    }
  };
  let abandoned = false;
  /** Nobody will read the stream: the producer is told to stop (unless it outlives its client), then run to its end. */
  const abandon = () => {
    onClientGone();
    if (abandoned) return;
    abandoned = true;
    void drain();
  };

  const handOff = c.get(HAND_OFF as never) as HandOff | undefined;
  /** The web stream's controller (the in-process path). */
  let webBody: ReadableStreamDefaultController<Uint8Array> | null = null;
  /**
   * On the Node server the response's "close" tells the writer (below). In process nothing pulls a
   * body whose request was aborted, so the producer would wait at its next event for good, its
   * answer left streaming: the reader is failed as a fetch's would be, and the producer drained.
   */
  function onRequestAborted() {
    if (handOff) return onClientGone();
    if (!cancelled) {
      cancelled = true;
      webBody?.error(request.reason ?? new DOMException("The request was aborted.", "AbortError"));
    }
    abandon();
  }
  // A client gone before the stream began (while research gathered its sources, say) fires no event.
  if (request.aborted) onRequestAborted();
  else request.addEventListener("abort", onRequestAborted, { once: true });

  if (handOff) {
    // The producer starts at once, while the middlewares around the handler settle the headers: a
    // model call goes out that much sooner. (The web stream below does the same: it pulls on start.)
    primed = events.next();
    primed.catch(() => undefined);
    handOff.start = (headers) => {
      // No length: Node sends the body chunked. The headers wait for the first event (the start
      // event, written once the model has been asked) and go out in the same write: one system call
      // fewer a stream, and the model's request leaves before anything is written to the client.
      handOff.outgoing.setHeaders(headers);
      handOff.outgoing.writeHead(200);
      void writeDirect(handOff.outgoing);
    };
    handOff.cancel = abandon;
    return c.body(null, 200, SSE_HEADERS);
  }

  /** Writes every event to the response as it comes, waiting for "drain" when the socket is full. */
  async function writeDirect(res: ServerResponse) {
    let gone = res.destroyed;
    let drained: (() => void) | null = null;
    const onClose = () => {
      gone = true;
      drained?.();
      if (!finished) onClientGone();
    };
    const onDrain = () => drained?.();
    res.on("close", onClose);
    res.on("drain", onDrain);
    heartbeat = setInterval(() => {
      if (!gone) res.write(HEARTBEAT);
    }, STREAM_HEARTBEAT_MS);
    try {
      for (;;) {
        const next = await nextEvent();
        if (next.done) break;
        if (gone) continue; // drained for its final write; nobody to tell
        const flushed = res.write(`data: ${JSON.stringify(next.value)}\n\n`);
        delivered = true;
        if (!flushed) await new Promise<void>((resolve) => (drained = resolve));
        drained = null;
      }
      finish();
      if (!gone) res.end();
    } catch (err) {
      finish();
      res.destroy(err instanceof Error ? err : new Error(String(err)));
    } finally {
      res.off("close", onClose);
      res.off("drain", onDrain);
    }
  }

  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        if (cancelled) return controller.error(request.reason);
        webBody = controller;
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
          next = await nextEvent();
        } catch (err) {
          finish();
          return controller.error(err);
        }
        if (next.done) {
          finish();
          return cancelled ? undefined : controller.close();
        }
        if (cancelled) return;
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(next.value)}\n\n`));
        delivered = true;
      },
      cancel() {
        cancelled = true;
        abandon();
      },
    },
    // Pull one event ahead at most: the socket's own buffer holds the rest.
    { highWaterMark: 1 },
  );
  return c.body(body, 200, {
    ...SSE_HEADERS,
    // Tells the Node adapter not to wait for the first events to size the body.
    "Transfer-Encoding": "chunked",
  });
}
