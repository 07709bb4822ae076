// Traces from the real process: with OTEL_EXPORTER_OTLP_ENDPOINT at a loopback OTLP/HTTP receiver this
// test starts, a chat answer sends its server span, the outbound call to the model (fetch), the model
// call with its model, tokens and outcome, and (on PostgreSQL) the queries; each with the request id.
import type { ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from "../test/openai-compatible-server";
import { scratchDirs } from "../test/scratch-dirs";
import { freePort, signUpThroughLog, startServerProcess, waitHealthy } from "../test/server-process";
import { createScratchDatabase, testDbKind } from "../test/test-database";
import { REQUEST_ID_ATTRIBUTE } from "./tracing";

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  doubleValue?: number;
}
interface OtlpSpan {
  name: string;
  traceId: string;
  kind: number;
  attributes: { key: string; value: OtlpValue }[];
}
interface OtlpRequest {
  resourceSpans: {
    resource: { attributes: { key: string; value: OtlpValue }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

const KEY = "sk-tracing-suite-7e1a";
const running: ChildProcess[] = [];
const dropDatabases: (() => Promise<void>)[] = [];
const scratch = scratchDirs("tessera-tracing-");
let upstream: OpenAiCompatibleServer;
let receiver: Server;
let receiverUrl: string;
const received: OtlpRequest[] = [];
const contentTypes: string[] = [];

beforeAll(async () => {
  upstream = await startOpenAiCompatibleServer({
    apiKey: KEY,
    models: ["traced"],
    scripts: {
      traced: {
        kind: "stream",
        chunks: ["Tides ", "follow ", "the moon."],
        usage: { prompt_tokens: 21, completion_tokens: 7 },
      },
    },
  });
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (d: Buffer) => (body += d.toString()));
    req.on("end", () => {
      if (req.url === "/v1/traces" && req.method === "POST") {
        contentTypes.push(req.headers["content-type"] ?? "");
        received.push(JSON.parse(body) as OtlpRequest);
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((done) => receiver.listen(0, "127.0.0.1", done));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const p of running.splice(0)) if (p.exitCode === null) p.kill("SIGKILL");
});
afterAll(async () => {
  await upstream.close();
  await new Promise((done) => receiver.close(done));
  for (const drop of dropDatabases) await drop();
});

const spans = () =>
  received.flatMap((r) => r.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((s) => s.spans)));
const attr = (span: OtlpSpan, key: string) => {
  const v = span.attributes.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue !== undefined ? Number(v.intValue) : v?.doubleValue);
};

async function startInstance(extra: Record<string, string>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: scratch(),
    OPENAI_BASE_URL: upstream.url,
    OPENAI_API_KEY: KEY,
    BILLING: "off",
    ...extra,
  };
  if (testDbKind() === "postgres") {
    const db = await createScratchDatabase("tessera_tracing");
    env.DATABASE_URL = db.url;
    dropDatabases.push(db.drop);
  }
  const p = startServerProcess(env);
  running.push(p.child);
  await waitHealthy(url);
  return { url, p };
}

describe("traces", () => {
  it("sends a chat answer's spans to the collector, each with the request id", async () => {
    const { url, p } = await startInstance({ OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl });
    const token = await signUpThroughLog(url, p.output, "traced@example.com");
    const res = await fetch(`${url}/api/chat-stream`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}`, origin: url },
      body: JSON.stringify({ message: "Why are there tides?", model: "local/traced" }),
    });
    expect(res.status).toBe(200);
    const requestId = res.headers.get("x-request-id")!;
    expect(await res.text()).toContain("the moon.");

    const byRequest = () => spans().filter((s) => attr(s, REQUEST_ID_ATTRIBUTE) === requestId);
    const deadline = Date.now() + 20_000;
    while (!byRequest().some((s) => s.name.startsWith("llm ")) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    const mine = byRequest();

    const server = mine.find((s) => s.name === "POST /api/chat-stream");
    expect(server, mine.map((s) => s.name).join(", ")).toBeDefined();
    expect(attr(server!, "http.route")).toBe("/api/chat-stream");
    expect(attr(server!, "http.response.status_code")).toBe(200);

    const model = mine.find((s) => s.name === "llm traced");
    expect(model, JSON.stringify(spans().filter((s) => s.name.startsWith("llm")))).toBeDefined();
    expect(attr(model!, "gen_ai.request.model")).toBe("traced");
    expect(attr(model!, "gen_ai.usage.input_tokens")).toBe(21);
    expect(attr(model!, "gen_ai.usage.output_tokens")).toBe(7);
    expect(attr(model!, "tessera.llm.outcome")).toBe("ok");
    expect(model!.traceId).toBe(server!.traceId);

    // The call to the model's server, made with fetch.
    const outbound = mine.find(
      (s) => s.name === "POST" && attr(s, "url.full") === `${upstream.url}/chat/completions`,
    );
    expect(
      outbound,
      JSON.stringify(
        spans()
          .filter((s) => s.kind === 3)
          .map((s) => [s.name, s.attributes]),
      ),
    ).toBeDefined();
    expect(outbound!.traceId).toBe(server!.traceId);

    if (testDbKind() === "postgres") {
      const queries = mine.filter((s) => s.name.startsWith("pg.query"));
      expect(queries.length).toBeGreaterThan(0);
      expect(queries.every((q) => q.traceId === server!.traceId)).toBe(true);
    }
    const service = received[0]!.resourceSpans[0]!.resource.attributes.find((a) => a.key === "service.name");
    expect(service?.value.stringValue).toBe("tessera");
    expect(contentTypes.every((t) => t.startsWith("application/json"))).toBe(true);

    // The request's log lines carry the trace id beside the request id.
    const line = p
      .output()
      .split("\n")
      .find((l) => l.includes(`"requestId":"${requestId}"`) && l.includes('"event":"http.request"'));
    expect(line).toContain(`"traceId":"${server!.traceId}"`);
  }, 120_000);
});
