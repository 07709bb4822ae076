// One full garbage collection whenever the server has been idle for a while: no request in flight
// and no stream open for IDLE_COLLECT_MS, once per quiet spell. Start-up, or a burst of streams,
// grows V8's young generation to its largest (two 16 MB semi-spaces), and V8 shrinks it back only at
// a full collection that finds less than about 1 MB a second allocated since the collection before;
// a server at rest may run none (V8's memory reducer waits for a full one) and kept that memory for
// good (PGlite: about 164 MB resident at rest after a start, 133 MB after this collection). At most
// one semi-space, 16 MB, is allocated before V8 collects, so after 20 s of quiet the rate is under
// that bound whatever came before (after 10 s, start-up's remainder sometimes was not, and nothing
// shrank). Nobody is waiting during the collection (some tens of milliseconds); a request that
// arrives in it waits that long. `gc` is not exposed to the process's own context: it is to a new
// one once V8's flag is set, which changes nothing else.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Http2SecureServer, Http2Server } from "node:http2";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** How long the server must have had nothing to do before it collects. */
export const IDLE_COLLECT_MS = 20_000;

let collector: (() => void) | undefined;

function collectGarbage(): void {
  if (!collector) {
    setFlagsFromString("--expose-gc");
    collector = runInNewContext("gc") as () => void;
  }
  collector();
}

/**
 * Watches `server`'s requests (an event stream is a request until its response closes) and collects
 * once the server has been idle for `idleMs`, counting from now for the garbage of start-up.
 */
export function collectWhenIdle(
  server: Server | Http2Server | Http2SecureServer,
  idleMs = IDLE_COLLECT_MS,
  collect: () => void = collectGarbage,
): void {
  let inFlight = 0;
  // One timer for the life of the server: it does nothing when it fires mid-request, and the last
  // request to close starts it again.
  const timer = setTimeout(() => {
    if (inFlight === 0) collect();
  }, idleMs);
  timer.unref();
  (server as Server).on("request", (_req: IncomingMessage, res: ServerResponse) => {
    inFlight++;
    res.once("close", () => {
      if (--inFlight === 0) timer.refresh();
    });
  });
  server.once("close", () => clearTimeout(timer));
}
