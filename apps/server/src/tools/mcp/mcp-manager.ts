// One connection per MCP server per process, made when first needed and shared by everyone who may
// use the server; a server that signs each person in with OAuth has one per person, with their token. A connection that drops, or that a call finds broken, is forgotten and made again
// on the next use (and the call tried once more); a changed server's old connection is closed.
import { createHash } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { SseError } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
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
  /** A server that signs each person in: whose connection this is, and their stored sign-in. */
  person?: { userId: string; authProvider: OAuthClientProvider };
}

export interface McpTool {
  name: string;
  description: string;
  inputSchema: ToolInputSchema;
}

export type McpServerState =
  | { status: "connected"; tools: McpTool[] }
  | { status: "failing"; error: string }
  /** The server answered 401: it wants a person's OAuth sign-in (none, or one it no longer takes). */
  | { status: "sign-in" };

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
  /** Closes a server's connections (it changed or was removed), or one person's (signed in or out). */
  forget(serverId: string, userId?: string): Promise<void>;
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
    const key = keyOf(server);
    const existing = connections.get(key);
    if (existing?.fingerprint === fingerprint) return existing;
    if (existing) void drop(key, existing);
    const failed = failures.get(key);
    if (failed?.fingerprint === fingerprint && Date.now() - failed.at < timings.retryMs)
      return { fingerprint, ready: Promise.reject(failed.error) };
    const conn: Connection = { fingerprint, ready: open(server) };
    connections.set(key, conn);
    failures.delete(key);
    conn.ready.catch((error: unknown) => {
      // A failed connection is not kept: a use after retryMs tries again.
      if (connections.get(key) === conn) connections.delete(key);
      failures.set(key, {
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
        const conn = connections.get(keyOf(server));
        if (conn) void drop(keyOf(server), conn);
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
        if (wantsSignIn(err)) return { status: "sign-in" };
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
        if (wantsSignIn(err)) {
          await drop(keyOf(server));
          return { output: `${server.name} asks you to sign in again.`, isError: true };
        }
        // The connection may have dropped (a restarted server, a lost session): once more, afresh.
        await drop(keyOf(server));
        try {
          return await callOnce(server, tool, input, signal);
        } catch (again) {
          if (!signal.aborted) await drop(keyOf(server));
          return { output: `The call failed: ${describe(again)}`, isError: true };
        }
      }
    },
    forget: async (id, userId) => {
      const keys = (map: Map<string, unknown>) =>
        [...map.keys()].filter((k) =>
          userId ? k === `${id}:${userId}` : k === id || k.startsWith(`${id}:`),
        );
      for (const key of keys(failures)) failures.delete(key);
      await Promise.all(keys(connections).map((key) => drop(key)));
    },
    async close() {
      await Promise.all([...connections.keys()].map((id) => drop(id)));
    },
  };
}

const fingerprintOf = (s: McpServerConfig) =>
  createHash("sha256")
    .update(
      JSON.stringify([s.transport, s.url, s.command, s.args, s.headers, s.allowPrivate, s.person?.userId]),
    )
    .digest("hex");

/** A shared server's connections are under its id; a per-person one's under `<id>:<user id>`. */
const keyOf = (s: McpServerConfig) => (s.person ? `${s.id}:${s.person.userId}` : s.id);

/** A 401 from the server: it wants an OAuth sign-in (the SDK says so with or without an auth provider). */
export const wantsSignIn = (err: unknown): boolean =>
  err instanceof UnauthorizedError ||
  ((err instanceof StreamableHTTPError || err instanceof SseError) && err.code === 401);

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
