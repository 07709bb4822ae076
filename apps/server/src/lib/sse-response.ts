// The one way the server answers with an event stream: `data: {json}` lines, a comment heartbeat so
// proxies keep the connection open, and an abort signal for the producer when the client leaves or the
// server shuts down (the signal's reason tells which: see live-streams.ts).
// The producer is drained even after the client left, so whatever it stores at the end is stored.
import { STREAM_HEARTBEAT_MS } from "@tessera/contracts";
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { LiveStreams } from "./live-streams";

export function sseResponse(
  c: Context,
  produce: (signal: AbortSignal) => AsyncIterable<unknown>,
  live?: LiveStreams,
): Response {
  c.header("X-Accel-Buffering", "no");
  c.header("Cache-Control", "no-cache, no-transform");
  return streamSSE(c, async (stream) => {
    const client = new AbortController();
    const untrack = live?.track(client);
    stream.onAbort(() => client.abort());
    const onClientGone = () => client.abort();
    c.req.raw.signal.addEventListener("abort", onClientGone, { once: true });
    const heartbeat = setInterval(() => {
      if (!stream.aborted) void stream.write(": ping\n\n").catch(() => client.abort());
    }, STREAM_HEARTBEAT_MS);
    try {
      for await (const event of produce(client.signal)) {
        if (!stream.aborted)
          await stream.writeSSE({ data: JSON.stringify(event) }).catch(() => client.abort());
      }
    } finally {
      clearInterval(heartbeat);
      // Left on the request's signal, the listener would keep this whole request alive for good: the
      // runtime's Request keeps that signal in a finalizer's holdings, and the listener reaches back
      // to the Request through `c`, so the finalizer can never run.
      c.req.raw.signal.removeEventListener("abort", onClientGone);
      untrack?.();
    }
  });
}
