// The SDK transport for a server: remote ones through mcp-fetch.ts (address checks, capped messages),
// stdio ones as a child process of this server (instance admins only).
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { mcpFetch } from "./mcp-fetch";
import type { McpServerConfig } from "./mcp-manager";

export function transportFor(server: McpServerConfig, maxMessageChars: number): Transport {
  if (server.transport === "stdio") {
    if (!server.command) throw new Error("The server has no command to run.");
    return new StdioClientTransport({ command: server.command, args: server.args, stderr: "ignore" });
  }
  if (!server.url) throw new Error("The server has no address.");
  const url = new URL(server.url);
  const fetch = mcpFetch({ allowPrivate: server.allowPrivate, maxMessageChars });
  const requestInit = { headers: server.headers };
  // A person's own connection: the SDK adds their bearer token, and refreshes it on a 401.
  const authProvider = server.person?.authProvider;
  if (server.transport === "sse")
    return new SSEClientTransport(url, {
      fetch,
      requestInit,
      eventSourceInit: { fetch: withHeaders(fetch, server.headers) },
      ...(authProvider ? { authProvider } : {}),
    });
  return new StreamableHTTPClientTransport(url, {
    fetch,
    requestInit,
    ...(authProvider ? { authProvider } : {}),
  });
}

/** The event stream's own requests carry the server's headers too (eventSourceInit replaces requestInit there). */
function withHeaders(
  fetch: typeof globalThis.fetch,
  headers: Record<string, string>,
): typeof globalThis.fetch {
  return (input, init) => {
    const merged = new Headers(init?.headers);
    for (const [name, value] of Object.entries(headers)) merged.set(name, value);
    return fetch(input, { ...init, headers: merged });
  };
}
