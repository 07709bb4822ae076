// A real MCP server on loopback, built with the SDK, for the tools' tests and journeys: streamable HTTP
// (with sessions, at /mcp) and the older SSE transport (/sse, posting to /messages). Its tools echo,
// fail, hang until the call is given up, and answer 10 MB. It can stop (dropping every connection)
// and start again on the same port, as a restarted server would.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

export const HUGE_CHARS = 10 * 1024 * 1024;

export interface LoopbackMcpServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  streamableUrl: string;
  sseUrl: string;
  /** Header values of every request received, by name (lower case). */
  seenHeaders: (name: string) => string[];
  /** Calls each tool received. */
  calls: string[];
  stop(): Promise<void>;
  /** Listens again on the same port, with no session of before. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The same tools, for a transport the caller connects (stdio, in mcp-stdio-server.ts). */
export function mcpServer(calls: string[] = []) {
  const server = new McpServer({ name: "loopback", version: "1.0.0" });
  server.registerTool(
    "echo",
    { description: "Says back what it is given.", inputSchema: { text: z.string() } },
    ({ text }) => {
      calls.push("echo");
      return { content: [{ type: "text", text: `echo: ${text}` }] };
    },
  );
  server.registerTool("fail", { description: "Always fails." }, () => {
    calls.push("fail");
    return { content: [{ type: "text", text: "it broke on purpose" }], isError: true };
  });
  server.registerTool("hang", { description: "Never answers." }, () => {
    calls.push("hang");
    return new Promise(() => undefined);
  });
  server.registerTool("huge", { description: "Answers ten megabytes." }, () => {
    calls.push("huge");
    return { content: [{ type: "text", text: "x".repeat(HUGE_CHARS) }] };
  });
  return server;
}

export async function startLoopbackMcpServer(port = 0): Promise<LoopbackMcpServer> {
  const calls: string[] = [];
  const headers: IncomingMessage["headers"][] = [];
  let sessions = new Map<string, StreamableHTTPServerTransport>();
  let sseSessions = new Map<string, SSEServerTransport>();
  const sockets = new Set<Socket>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    headers.push(req.headers);
    const url = new URL(req.url ?? "/", "http://loopback");
    if (url.pathname === "/mcp") {
      const id = req.headers["mcp-session-id"];
      const known = typeof id === "string" ? sessions.get(id) : undefined;
      if (known) return known.handleRequest(req, res);
      if (typeof id === "string") {
        res.writeHead(404, { "content-type": "application/json" });
        return res.end(
          JSON.stringify({ jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null }),
        );
      }
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => void sessions.set(sid, transport),
      });
      await mcpServer(calls).connect(transport);
      return transport.handleRequest(req, res);
    }
    if (url.pathname === "/sse" && req.method === "GET") {
      const transport = new SSEServerTransport("/messages", res);
      sseSessions.set(transport.sessionId, transport);
      res.on("close", () => sseSessions.delete(transport.sessionId));
      return mcpServer(calls).connect(transport);
    }
    if (url.pathname === "/messages" && req.method === "POST") {
      const transport = sseSessions.get(url.searchParams.get("sessionId") ?? "");
      if (transport) return transport.handlePostMessage(req, res);
    }
    res.writeHead(404).end();
  };

  let http: Server | null = null;
  const listen = (at: number) =>
    new Promise<number>((resolve) => {
      http = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
      http.on("connection", (socket) => {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
      });
      http.listen(at, "127.0.0.1", () => resolve((http!.address() as AddressInfo).port));
    });
  const bound = await listen(port);
  const origin = `http://127.0.0.1:${bound}`;

  const stop = async () => {
    const closing = http;
    http = null;
    if (!closing) return;
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => closing.close(() => resolve()));
    sessions = new Map();
    sseSessions = new Map();
  };
  return {
    origin,
    streamableUrl: `${origin}/mcp`,
    sseUrl: `${origin}/sse`,
    calls,
    seenHeaders: (name) =>
      headers.map((h) => h[name.toLowerCase()]).filter((v): v is string => typeof v === "string"),
    stop,
    start: async () => {
      await listen(bound);
    },
    close: stop,
  };
}

/** A server that takes connections and never says a word. */
export async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer(() => undefined);
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
