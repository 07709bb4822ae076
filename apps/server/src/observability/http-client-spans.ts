// Spans for requests made with node:http and node:https (the chat models' own client uses them),
// from the channels Node publishes for every client request. instrumentation-http would patch the
// modules instead, which an ES module imported before tracing started never sees.
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import type { ClientRequest, IncomingMessage } from "node:http";
import { context, SpanKind, SpanStatusCode, type Span, type Tracer } from "@opentelemetry/api";

export function traceHttpClients(tracer: Tracer): () => void {
  const open = new WeakMap<ClientRequest, Span>();
  const onStart = (message: unknown) => {
    const { request } = message as { request: ClientRequest };
    // The Host header holds the port as well (request.host is the name alone).
    const host = String(request.getHeader("host") ?? request.host);
    const url = `${request.protocol}//${host}${request.path}`;
    // Published in the caller's own context, so the span joins the request that made the call.
    const span = tracer.startSpan(
      request.method,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          "http.request.method": request.method,
          "url.full": url.replace(/\?.*$/, ""),
          "server.address": request.host,
        },
      },
      context.active(),
    );
    open.set(request, span);
    // Ended by the response's finish below, or here when the request fails or is abandoned first.
    request.once("close", () => {
      if (!open.has(request)) return;
      open.delete(request);
      span.setStatus({ code: SpanStatusCode.ERROR, message: "closed before a response" });
      span.end();
    });
  };
  const onFinish = (message: unknown) => {
    const { request, response } = message as { request: ClientRequest; response: IncomingMessage };
    const span = open.get(request);
    if (!span) return;
    open.delete(request);
    span.setAttribute("http.response.status_code", response.statusCode ?? 0);
    if ((response.statusCode ?? 0) >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };
  subscribe("http.client.request.start", onStart);
  subscribe("http.client.response.finish", onFinish);
  return () => {
    unsubscribe("http.client.request.start", onStart);
    unsubscribe("http.client.response.finish", onFinish);
  };
}
