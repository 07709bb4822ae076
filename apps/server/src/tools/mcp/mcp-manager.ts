// One connection per MCP server per process, made when first needed and shared by everyone who may
// use the server. A connection that drops, or that a call finds broken, is forgotten and made again
// on the next use (and the call tried once more); a changed server's old connection is closed.
import { createHash } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { Logger } from "../../lib/logger";
import { capOutput, errorMessage } from "../cap-output";
import type { ToolInputSchema, ToolOutput } from "../types";
import { transportFor } from "./mcp-transport";

/** A server as the manager needs it: where and how to reach it, with its headers opened. */
export interface McpServerConfig {
  id: string;
  name: string;
  transport: "streamable-http" | "sse" | "stdio";
  url: string | null;
  command: string | null;
  args: string[];
  headers: Record<string, string>;
  /** Instance servers may be on the private network; team servers only with OUTBOUND_ALLOW_PRIVATE. */
  allowPrivate: boolean;
}

export interface McpTool {
  name: string;
  description: string;
  inputSchema: ToolInputSchema;
}

export type McpServerState = { status: "connected"; tools: McpTool[] } | { status: "failing"; error: string };

export interface McpTimings {
  /** Connecting and listing the tools. */
  connectMs: number;
  /** One tool call, unless the caller's own signal ends it first. */
  callMs: number;
  /** The most characters of one message from a server (a longer tool result is cut). */
  maxMessageChars: number;
  /** A server that failed to connect is not tried again for this long (answers do not wait on it). */
  retryMs: number;
}

export const MCP_TIMINGS: McpTimings = {
  connectMs: 10_000,
  callMs: 60_000,
  maxMessageChars: 1_000_000,
  retryMs: 15_000,
};

interface Connection {
  fingerprint: string;
  ready: Promise<{ client: Client; tools: McpTool[] }>;
}

export interface McpManager {
  /** Connects when needed; the tools, or why the server cannot be used. */
  state(server: McpServerConfig): Promise<McpServerState>;
  call(server: McpServerConfig, tool: string, input: unknown, signal: AbortSignal): Promise<ToolOutput>;
  /** Closes a server's connection (it changed or was removed). */
  forget(serverId: string): Promise<void>;
  close(): Promise<void>;
}

export function createMcpManager(opts: { logger: Logger; timings?: Partial<McpTimings> }): McpManager {
  const timings = { ...MCP_TIMINGS, ...opts.timings };
  const connections = new Map<string, Connection>();
  const failures = new Map<string, { fingerprint: string; error: Error; at: number }>();

  const drop = async (id: string, conn?: Connection) => {
    const current = connections.get(id);
    if (!current || (conn && current !== conn)) return;
    connections.delete(id);
    await current.ready.then(({ client }) => client.close()).catch(() => undefined);
  };

  const connect = (server: McpServerConfig): Connection => {
    const fingerprint = fingerprintOf(server);
    const existing = connections.get(server.id);
    if (existing?.fingerprint === fingerprint) return existing;
    if (existing) void drop(server.id, existing);
    const failed = failures.get(server.id);
    if (failed?.fingerprint === fingerprint && Date.now() - failed.at < timings.retryMs)
      return { fingerprint, ready: Promise.reject(failed.error) };
    const conn: Connection = { fingerprint, ready: open(server) };
    connections.set(server.id, conn);
    failures.delete(server.id);
    conn.ready.catch((error: unknown) => {
      // A failed connection is not kept: a use after retryMs tries again.
      if (connections.get(server.id) === conn) connections.delete(server.id);
      failures.set(server.id, {
        fingerprint,
        error: error instanceof Error ? error : new Error(String(error)),
        at: Date.now(),
      });
    });
    return conn;
  };

  const open = async (server: McpServerConfig) => {
    const transport: Transport = transportFor(server, timings.maxMessageChars);
    const client = new Client({ name: "tessera", version: "1.0.0" });
    const deadline = AbortSignal.timeout(timings.connectMs);
    try {
      await withDeadline(
        client.connect(transport, { timeout: timings.connectMs, signal: deadline }),
        deadline,
      );
      const listed = await client.listTools(undefined, { timeout: timings.connectMs, signal: deadline });
      client.onclose = () => {
        opts.logger.info({ event: "mcp.disconnected", server: server.id }, "MCP server connection closed");
        const conn = connections.get(server.id);
        if (conn) void drop(server.id, conn);
      };
      return {
        client,
        tools: listed.tools.map((t) => ({
          name: t.name,
          description: t.description ?? t.title ?? t.name,
          inputSchema: { ...t.inputSchema, type: "object" as const },
        })),
      };
    } catch (err) {
      await client.close().catch(() => undefined);
      throw deadline.aborted
        ? new Error(`The server did not answer within ${Math.round(timings.connectMs / 1000)} s.`)
        : err;
    }
  };

  const callOnce = async (server: McpServerConfig, tool: string, input: unknown, signal: AbortSignal) => {
    const { client } = await connect(server).ready;
    const result = await client.callTool(
      { name: tool, arguments: (input ?? {}) as Record<string, unknown> },
      undefined,
      { timeout: timings.callMs, signal },
    );
    return toOutput(result);
  };

  return {
    async state(server) {
      try {
        return { status: "connected", tools: (await connect(server).ready).tools };
      } catch (err) {
        return { status: "failing", error: describe(err) };
      }
    },
    async call(server, tool, input, signal) {
      try {
        return await callOnce(server, tool, input, signal);
      } catch (err) {
        if (signal.aborted) return { output: "The call was stopped.", isError: true };
        if (isTimeout(err))
          return {
            output: `The tool did not answer within ${Math.round(timings.callMs / 1000)} s.`,
            isError: true,
          };
        // The connection may have dropped (a restarted server, a lost session): once more, afresh.
        await drop(server.id);
        try {
          return await callOnce(server, tool, input, signal);
        } catch (again) {
          if (!signal.aborted) await drop(server.id);
          return { output: `The call failed: ${describe(again)}`, isError: true };
        }
      }
    },
    forget: (id) => {
      failures.delete(id);
      return drop(id);
    },
    async close() {
      await Promise.all([...connections.keys()].map((id) => drop(id)));
    },
  };
}

const fingerprintOf = (s: McpServerConfig) =>
  createHash("sha256")
    .update(JSON.stringify([s.transport, s.url, s.command, s.args, s.headers, s.allowPrivate]))
    .digest("hex");

const isTimeout = (err: unknown) =>
  err instanceof McpError && err.code === (ErrorCode.RequestTimeout as number);

/** Why a server or a call failed, in words, never with a header's value. */
function describe(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? ` (${err.cause.message})` : "";
  return (errorMessage(err) + cause).slice(0, 500);
}

function withDeadline<T>(work: Promise<T>, deadline: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error("deadline"));
    deadline.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => deadline.removeEventListener("abort", onAbort));
  });
}

/** A call's result as text: its text parts, other parts named, structured content as JSON. */
function toOutput(result: Awaited<ReturnType<Client["callTool"]>>): ToolOutput {
  const parts: string[] = [];
  const content = Array.isArray(result.content) ? (result.content as { type: string; text?: string }[]) : [];
  for (const part of content) {
    if (part.type === "text" && typeof part.text === "string") parts.push(part.text);
    else parts.push(`[${part.type} content]`);
  }
  if (parts.length === 0 && result.structuredContent !== undefined)
    parts.push(JSON.stringify(result.structuredContent));
  return { output: capOutput(parts.join("\n")), isError: result.isError === true };
}
