// GET /metrics for Prometheus. Who may read it: with METRICS_TOKEN, a caller sending it as a bearer
// token (401 otherwise); with METRICS_PORT, whoever reaches that port (main.ts serves it there and not
// on the main port); with neither, only a caller on this host that came through no proxy, since a
// proxy on the same host would otherwise hand the page to the internet.
import { createHash, timingSafeEqual } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono } from "hono";
import type { AppEnv } from "../../lib/context";
import type { Env } from "../../env";
import { AppError, errorBody } from "../../lib/errors";
import type { Metrics } from "../../observability/metrics";

/** Headers a reverse proxy adds: a request carrying one did not start on this host. */
const PROXY_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"];

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Compares digests, so neither the token's length nor its first differing byte shows in the time. */
export const sameToken = (given: string, expected: string) =>
  timingSafeEqual(digest(given), digest(expected));

function isLoopback(address: string | undefined): boolean {
  return (
    address === "::1" || address?.startsWith("127.") === true || address?.startsWith("::ffff:127.") === true
  );
}

export function prometheusRoutes(deps: {
  metrics: Metrics;
  token: string | undefined;
  /** Serve anyone who reaches the listener (its own METRICS_PORT); else the loopback rule above. */
  ownPort: boolean;
  trustedProxyHeader: string | undefined;
}) {
  return new Hono<AppEnv>().get("/", async (c) => {
    if (deps.token) {
      const [scheme, given] = (c.req.header("authorization") ?? "").split(" ");
      if (scheme?.toLowerCase() !== "bearer" || !given || !sameToken(given, deps.token))
        throw new AppError("UNAUTHORIZED", "Send METRICS_TOKEN as a bearer token.");
    } else if (!deps.ownPort) {
      const proxied = [...PROXY_HEADERS, deps.trustedProxyHeader].some((h) => h && c.req.header(h));
      let address: string | undefined;
      try {
        address = getConnInfo(c).remote.address;
      } catch {
        address = undefined; // no socket (app.request)
      }
      if (proxied || !isLoopback(address))
        throw new AppError(
          "UNAUTHORIZED",
          "Metrics are served to this host only; set METRICS_TOKEN or METRICS_PORT to read them from elsewhere.",
        );
    }
    const body = await deps.metrics.registry.metrics();
    return c.body(body, 200, { "Content-Type": deps.metrics.registry.contentType });
  });
}

/** The route as app.ts and main.ts mount it, from the parsed environment. */
export const metricsEndpoint = (
  services: { metrics: Metrics; env: Pick<Env, "METRICS_TOKEN" | "TRUSTED_PROXY_HEADER"> },
  options: { ownPort: boolean },
) =>
  prometheusRoutes({
    metrics: services.metrics,
    token: services.env.METRICS_TOKEN,
    ownPort: options.ownPort,
    trustedProxyHeader: services.env.TRUSTED_PROXY_HEADER,
  });

/** METRICS_PORT's listener: /metrics and nothing else, errors in the API's shape. */
export function metricsApp(services: Parameters<typeof metricsEndpoint>[0]) {
  const app = new Hono<AppEnv>();
  app.route("/metrics", metricsEndpoint(services, { ownPort: true }));
  app.onError((err, c) => {
    if (err instanceof AppError)
      return c.json(errorBody(err.code, err.message, "metrics"), err.status as 401);
    return c.json(errorBody("INTERNAL", "Metrics could not be read.", "metrics"), 500);
  });
  app.notFound((c) => c.json(errorBody("NOT_FOUND", "Only /metrics is served here.", "metrics"), 404));
  return app;
}
