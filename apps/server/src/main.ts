// Boot: parse env, open the database (migrations run), serve web app and API, shut down gracefully:
// stop accepting, end open streams with their closing event (their text stored), drain, close.
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { metricsApp } from "./features/health/prometheus-routes";
import { createServices } from "./bootstrap";
import { EnvError, loadEnv } from "./env";
import { createLogger } from "./lib/logger";
import { collectWhenIdle } from "./lib/idle-collection";
import { appVersion, findUp } from "./lib/paths";
import { configureParsers } from "./knowledge/parser-pool";
import { configureLocalEmbedder } from "./knowledge/embeddings/local-embedder";
import { dirname, resolve } from "node:path";

/** How long a shutdown waits for open streams and requests before it gives up and exits 1. */
const SHUTDOWN_DRAIN_MS = 10_000;

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  // What a log line says to the person at the console (an unsent mail's link) goes to stderr as
  // plain text: stdout stays JSON for log collectors.
  const logger = createLogger(env.LOG_LEVEL, { say: (text) => void process.stderr.write(`\n${text}\n\n`) });
  configureParsers({ workers: env.DOCUMENT_PARSE_WORKERS });
  if (env.EMBEDDING_WORKERS) configureLocalEmbedder({ maxWorkers: env.EMBEDDING_WORKERS });
  // Before the database opens, so its driver is instrumented as it loads; never loaded without it.
  const tracing = env.OTEL_EXPORTER_OTLP_ENDPOINT
    ? (await import("./observability/tracing")).startTracing({
        endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
        serviceName: env.OTEL_SERVICE_NAME,
        version: appVersion(),
      })
    : null;
  const services = await createServices(env, logger);
  const indexHtml = env.WEB_DIST_DIR
    ? resolve(env.WEB_DIST_DIR, "index.html")
    : findUp("apps/web/dist/index.html");
  if (!indexHtml)
    logger.warn({ event: "boot.no_web" }, "web app not built: serving the API only (run npm run build)");
  const app = createApp(services, {
    webDist: indexHtml ? dirname(indexHtml) : null,
    tracing: tracing?.middleware,
  });

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info(
      { event: "boot.ready", port: info.port, db: services.database.kind, dataDir: resolve(env.DATA_DIR) },
      "Tessera is ready",
    );
    process.stdout.write(`\n  Tessera is running: open ${env.PUBLIC_URL}\n\n`);
  });

  collectWhenIdle(server);
  // METRICS_PORT: Prometheus scrapes a listener of its own, which the public proxy never routes to.
  const metricsServer =
    env.METRICS_PORT === undefined
      ? null
      : serve({ fetch: metricsApp(services).fetch, port: env.METRICS_PORT, hostname: env.HOST }, (info) =>
          logger.info({ event: "boot.metrics_ready", port: info.port }, "metrics listener ready"),
        );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ event: "boot.shutdown", signal, streams: services.answers.size }, "draining connections");
    const force = setTimeout(() => process.exit(1), SHUTDOWN_DRAIN_MS);
    force.unref();
    void services.jobs.shutdown(SHUTDOWN_DRAIN_MS / 2);
    metricsServer?.close();
    server.close(() => {
      services
        .close()
        .then(() => tracing?.shutdown())
        .then(() => {
          logger.info({ event: "boot.stopped" }, "stopped");
          process.exit(0);
        })
        .catch((err: unknown) => {
          logger.error({ event: "boot.close_failed", err }, "close failed");
          process.exit(1);
        });
    });
    // Open streams store their text as interrupted and send their closing event; then their
    // connections are idle and can be closed. Requests still running finish on their own.
    void services.answers.shutdown(SHUTDOWN_DRAIN_MS - 1_000).then(({ aborted, finished }) => {
      logger.info({ event: "boot.streams_ended", aborted, finished }, "streams ended");
      const idle = setInterval(() => {
        if ("closeIdleConnections" in server) server.closeIdleConnections();
      }, 50);
      idle.unref();
    });
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Tessera failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
