// A canary on another loopback address (127.0.0.2): hostile content points every outside request at
// it. Whatever reaches it left our origin, so the journeys expect it to hear nothing. Each request is
// appended to a file as one JSON line, which the journeys (in other processes) read.
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface CanaryServer {
  /** Origin, e.g. http://127.0.0.2:41234 (no trailing slash). */
  url: string;
  close(): Promise<void>;
}

/** A path the journeys request themselves, to see that the canary listens and logs. */
export const LIVENESS_PROBE = "/liveness-probe";

export interface CanaryHit {
  method: string;
  url: string;
  referer: string | null;
}

export async function startCanaryServer(logFile: string): Promise<CanaryServer> {
  writeFileSync(logFile, "");
  const server = createServer((req, res) => {
    const hit: CanaryHit = {
      method: req.method ?? "",
      url: req.url ?? "",
      referer: req.headers.referer ?? null,
    };
    appendFileSync(logFile, `${JSON.stringify(hit)}\n`);
    // Answers with what a hostile host would: a page that runs script, were it ever framed or opened.
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<script>parent.__pwned = 'canary'; document.title = 'PWNED canary'</script>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.2", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.2:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Every request the canary has received so far. */
export function canaryHits(logFile: string): CanaryHit[] {
  if (!existsSync(logFile)) return [];
  return readFileSync(logFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CanaryHit);
}
