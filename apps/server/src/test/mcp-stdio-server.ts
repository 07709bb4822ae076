// The loopback MCP server's tools over stdio, run as a child process by the tests of stdio servers
// (node_modules/.bin/tsx apps/server/src/test/mcp-stdio-server.ts).
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { mcpServer } from "./mcp-server";

await mcpServer().connect(new StdioServerTransport());
