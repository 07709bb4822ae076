// METRICS_PORT: the real process serves /metrics on a listener of its own and no longer on PORT.
import type { ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { scratchDirs } from "../test/scratch-dirs";
import { freePort, startServerProcess, waitHealthy } from "../test/server-process";

const scratch = scratchDirs("tessera-metrics-port-");
const running: ChildProcess[] = [];
afterEach(() => {
  for (const p of running.splice(0)) if (p.exitCode === null) p.kill("SIGKILL");
});

describe("METRICS_PORT", () => {
  it("serves /metrics on its own port, with the token when one is set, and not on PORT", async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const url = `http://127.0.0.1:${port}`;
    const p = startServerProcess({
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: "a-token-for-the-scraper-42",
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: scratch(),
    });
    running.push(p.child);
    await waitHealthy(url);
    const scrape = (headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers });
    expect((await scrape()).status).toBe(401);
    const res = await scrape({ authorization: "Bearer a-token-for-the-scraper-42" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("tessera_http_requests_total");
    // Only /metrics there; and the main port has no metrics at all.
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/health`)).status).toBe(404);
    const main = await fetch(`${url}/metrics`, {
      headers: { authorization: "Bearer a-token-for-the-scraper-42" },
    });
    // (The web app's page, when a build is there; a 404 when not.)
    expect(await main.text()).not.toContain("tessera_http_requests_total");
  }, 120_000);
});
