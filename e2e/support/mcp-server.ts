// The server tests' loopback MCP server (apps/server/src/test/mcp-server.ts: tools that echo, fail,
// hang and answer 10 MB), started in the journey's own process.
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

interface LoopbackMcpServer {
  streamableUrl: string;
  sseUrl: string;
  close(): Promise<void>;
}

export async function startMcpServer(): Promise<LoopbackMcpServer> {
  const file = join(resolve(import.meta.dirname, "../../apps/server/src/test"), "mcp-server.ts");
  const { startLoopbackMcpServer } = (await import(pathToFileURL(file).href)) as {
    startLoopbackMcpServer: () => Promise<LoopbackMcpServer>;
  };
  return startLoopbackMcpServer();
}
