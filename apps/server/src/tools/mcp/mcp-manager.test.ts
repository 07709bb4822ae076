import { resolve } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../lib/logger";
import {
  HUGE_CHARS,
  startLoopbackMcpServer,
  startSilentServer,
  type LoopbackMcpServer,
} from "../../test/mcp-server";
import { TOOL_OUTPUT_MAX_CHARS } from "../cap-output";
import { createMcpManager, type McpManager, type McpServerConfig } from "./mcp-manager";
import { UNREACHABLE } from "./mcp-fetch";

let loopback: LoopbackMcpServer;
let manager: McpManager;
const logger = createLogger("silent");
const never = () => new AbortController().signal;

const server = (over: Partial<McpServerConfig> = {}): McpServerConfig => ({
  id: "s1",
  name: "Loopback",
  transport: "streamable-http",
  url: loopback.streamableUrl,
  command: null,
  args: [],
  headers: {},
  allowPrivate: true,
  ...over,
});

beforeAll(async () => {
  loopback = await startLoopbackMcpServer();
});
afterAll(() => loopback.close());
afterEach(() => manager.close());

describe.each(["streamable-http", "sse"] as const)("an MCP server over %s", (transport) => {
  const url = () => (transport === "sse" ? loopback.sseUrl : loopback.streamableUrl);
  it("lists its tools and calls them, an error as an error", async () => {
    manager = createMcpManager({ logger, timings: { callMs: 2_000 } });
    const s = server({ id: transport, transport, url: url(), headers: { "X-Api-Key": "sekrit" } });
    const state = await manager.state(s);
    expect(state.status).toBe("connected");
    expect(state.status === "connected" && state.tools.map((t) => t.name)).toEqual([
      "echo",
      "fail",
      "hang",
      "huge",
    ]);
    expect(await manager.call(s, "echo", { text: "hi" }, never())).toEqual({
      output: "echo: hi",
      isError: false,
    });
    expect(await manager.call(s, "fail", {}, never())).toEqual({
      output: "it broke on purpose",
      isError: true,
    });
    expect(loopback.seenHeaders("x-api-key")).toContain("sekrit");
  });

  it("gives up a call that does not answer within the time limit, or when stopped", async () => {
    manager = createMcpManager({ logger, timings: { callMs: 300 } });
    const s = server({ id: `${transport}-hang`, transport, url: url() });
    const timedOut = await manager.call(s, "hang", {}, never());
    expect(timedOut).toEqual({ output: "The tool did not answer within 0 s.", isError: true });
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 100);
    manager = createMcpManager({ logger, timings: { callMs: 60_000 } });
    const started = Date.now();
    expect(await manager.call(s, "hang", {}, stop.signal)).toEqual({
      output: "The call was stopped.",
      isError: true,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("cuts a 10 MB answer with a note, without failing the call", async () => {
    manager = createMcpManager({ logger, timings: { maxMessageChars: 200_000 } });
    const s = server({ id: `${transport}-huge`, transport, url: url() });
    const result = await manager.call(s, "huge", {}, never());
    expect(result.isError).toBe(false);
    expect(result.output.length).toBeLessThan(TOOL_OUTPUT_MAX_CHARS + 200);
    expect(result.output).toMatch(/^x{1000}/);
    expect(result.output).toContain("[Cut:");
    // The connection is still good for the next call.
    expect(await manager.call(s, "echo", { text: "after" }, never())).toEqual({
      output: "echo: after",
      isError: false,
    });
    expect(HUGE_CHARS).toBeGreaterThan(200_000);
  });
});

describe("MCP connections", () => {
  it("reports a server that never answers as failing, within the connect limit", async () => {
    const silent = await startSilentServer();
    manager = createMcpManager({ logger, timings: { connectMs: 500 } });
    const started = Date.now();
    const state = await manager.state(server({ id: "silent", url: silent.url }));
    expect(state).toEqual({ status: "failing", error: "The server did not answer within 1 s." });
    expect(Date.now() - started).toBeLessThan(3_000);
    await silent.close();
  });

  it("refuses a private address unless allowed", async () => {
    manager = createMcpManager({ logger });
    const requestsBefore = loopback.seenHeaders("host").length;
    const state = await manager.state(server({ id: "private", allowPrivate: false }));
    expect(state.status).toBe("failing");
    expect(state.status === "failing" && state.error).toContain(UNREACHABLE);
    expect(loopback.seenHeaders("host")).toHaveLength(requestsBefore);
  });

  it("reports a server that is down, and reconnects once it is back", async () => {
    const own = await startLoopbackMcpServer();
    manager = createMcpManager({ logger, timings: { retryMs: 0 } });
    const s = server({ id: "restarting", url: own.streamableUrl });
    expect(await manager.call(s, "echo", { text: "one" }, never())).toEqual({
      output: "echo: one",
      isError: false,
    });
    await own.stop();
    const down = await manager.call(s, "echo", { text: "two" }, never());
    expect(down.isError).toBe(true);
    expect(down.output).toMatch(/^The call failed: /);
    expect((await manager.state(s)).status).toBe("failing");
    await own.start();
    expect(await manager.call(s, "echo", { text: "three" }, never())).toEqual({
      output: "echo: three",
      isError: false,
    });
    expect(own.calls.filter((c) => c === "echo")).toHaveLength(2);
    await own.close();
  });

  it("drops a lost session and carries on with a new one", async () => {
    const own = await startLoopbackMcpServer();
    manager = createMcpManager({ logger });
    const s = server({ id: "session", url: own.streamableUrl });
    expect((await manager.call(s, "echo", { text: "a" }, never())).isError).toBe(false);
    // The server restarts between two calls: the old session is unknown to it (404).
    await own.stop();
    await own.start();
    expect(await manager.call(s, "echo", { text: "b" }, never())).toEqual({
      output: "echo: b",
      isError: false,
    });
    await own.close();
  });
});

describe("a stdio MCP server", () => {
  it("runs as a child process, lists its tools and answers a call", async () => {
    manager = createMcpManager({ logger, timings: { connectMs: 20_000 } });
    const root = resolve(import.meta.dirname, "../../../../..");
    const s = server({
      id: "stdio",
      transport: "stdio",
      url: null,
      command: resolve(root, "node_modules/.bin/tsx"),
      args: [resolve(root, "apps/server/src/test/mcp-stdio-server.ts")],
    });
    const state = await manager.state(s);
    expect(state.status === "connected" && state.tools.map((t) => t.name)).toEqual([
      "echo",
      "fail",
      "hang",
      "huge",
    ]);
    expect(await manager.call(s, "echo", { text: "piped" }, never())).toEqual({
      output: "echo: piped",
      isError: false,
    });
  }, 60_000);
});
