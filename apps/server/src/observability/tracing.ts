// Traces to an OpenTelemetry collector, when OTEL_EXPORTER_OTLP_ENDPOINT is set: main.ts imports this
// module only then (a start without it loads none of OpenTelemetry). Spans: one per HTTP request (made
// here, as Hono middleware, so it names the route pattern and works in the bundled build), PostgreSQL
// queries (instrumentation-pg), outbound fetch (instrumentation-undici) and node:http calls
// (http-client-spans.ts), and one per model call with its model, tokens and outcome. Every span
// carries the request id it ran under, and the request's log lines carry the trace id.
import {
  context,
  createContextKey,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context as OtelContext,
} from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { UndiciInstrumentation } from "@opentelemetry/instrumentation-undici";
import { NodeSDK } from "@opentelemetry/sdk-node";
import { BatchSpanProcessor, type Span, type SpanProcessor } from "@opentelemetry/sdk-trace-base";
import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { AppEnv } from "../lib/context";
import { traceHttpClients } from "./http-client-spans";
import { onModelCall } from "./model-calls";

/** The span attribute that holds Tessera's request id (the X-Request-Id header). */
export const REQUEST_ID_ATTRIBUTE = "tessera.request_id";
/** The request's id, filled in once the request-id middleware has run (inside the server span). */
const REQUEST = createContextKey("tessera.request");
type RequestHolder = { id?: string };

/** Copies the request id from the context a span starts in onto the span: pg, fetch, model calls. */
const requestIdProcessor: SpanProcessor = {
  onStart(span: Span, parent: OtelContext) {
    const id = (parent.getValue(REQUEST) as RequestHolder | undefined)?.id;
    if (id) span.setAttribute(REQUEST_ID_ATTRIBUTE, id);
  },
  onEnd() {},
  forceFlush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};

/** What the provider did not report is left out, not sent as an empty value. */
const withoutNulls = (attributes: Record<string, string | number | null>) =>
  Object.fromEntries(Object.entries(attributes).filter(([, v]) => v !== null)) as Record<
    string,
    string | number
  >;

export interface Tracing {
  /**
   * `outer` opens the request's span, before every other middleware: an event stream is written
   * after the handlers returned (lib/sse-response.ts), and its model call must still run inside it.
   * `inner` names the request id on it and the trace id on the request's log lines.
   */
  middleware: { outer: MiddlewareHandler<AppEnv>; inner: MiddlewareHandler<AppEnv> };
  /** Sends what is still buffered and stops. */
  shutdown(): Promise<void>;
}

export function startTracing(options: { endpoint: string; serviceName: string; version: string }): Tracing {
  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    spanProcessors: [
      requestIdProcessor,
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${options.endpoint}/v1/traces` }), {
        scheduledDelayMillis: 1_000,
      }),
    ],
    instrumentations: [new PgInstrumentation(), new UndiciInstrumentation()],
  });
  sdk.start();
  const tracer = trace.getTracer("tessera", options.version);
  const stopHttpClients = traceHttpClients(tracer);

  // A model call's span is written as it ends, dated back to its start, under whatever span was
  // active when it began to be read (the request's, for an answer streamed to its asker).
  const stopHearing = onModelCall((call) => {
    const end = Date.now();
    const span = tracer.startSpan(
      `llm ${call.model}`,
      {
        kind: SpanKind.CLIENT,
        startTime: end - call.totalMs,
        attributes: withoutNulls({
          "gen_ai.system": call.provider,
          "gen_ai.request.model": call.model,
          "gen_ai.usage.input_tokens": call.inputTokens,
          "gen_ai.usage.output_tokens": call.outputTokens,
          "tessera.llm.outcome": call.outcome,
          "tessera.llm.time_to_first_token_ms": call.timeToFirstTokenMs,
          "tessera.llm.cost_usd": call.cost,
        }),
      },
      context.active(),
    );
    if (call.outcome !== "ok" && call.outcome !== "interrupted")
      span.setStatus({ code: SpanStatusCode.ERROR, message: call.outcome });
    span.end(end);
  });

  const outer: MiddlewareHandler<AppEnv> = async (c, next) => {
    const holder: RequestHolder = {};
    const parent = propagation
      .extract(context.active(), Object.fromEntries(c.req.raw.headers))
      .setValue(REQUEST, holder);
    const span = tracer.startSpan(
      c.req.method,
      { kind: SpanKind.SERVER, attributes: { "http.request.method": c.req.method, "url.path": c.req.path } },
      parent,
    );
    try {
      await context.with(trace.setSpan(parent, span), next);
    } finally {
      const route = routePath(c);
      span.updateName(`${c.req.method} ${route}`);
      span.setAttribute("http.route", route);
      span.setAttribute("http.response.status_code", c.res.status);
      if (c.res.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
  };
  const inner: MiddlewareHandler<AppEnv> = async (c, next) => {
    const requestId = c.get("requestId");
    const holder = context.active().getValue(REQUEST) as RequestHolder | undefined;
    if (holder) holder.id = requestId;
    const span = trace.getActiveSpan();
    if (span) {
      span.setAttribute(REQUEST_ID_ATTRIBUTE, requestId);
      c.set("logger", c.get("logger").child({ traceId: span.spanContext().traceId }));
    }
    await next();
  };

  return {
    middleware: { outer, inner },
    async shutdown() {
      stopHearing();
      stopHttpClients();
      await sdk.shutdown();
    },
  };
}
