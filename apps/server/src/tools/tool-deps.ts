// What the tools need from the running server: the database, the providers the built-in tools call
// and the MCP servers' connections. Built once per process from its services (the same object for
// the chat loop and the tools' own routes), so every MCP connection is shared.
import type { Services } from "../bootstrap";
import type { Database } from "../db/client";
import type { Logger } from "../lib/logger";
import type { ImageRegistry } from "../providers/images/registry";
import type { SearchProvider } from "../providers/search/types";
import type { Storage } from "../providers/storage/storage";
import type { Cipher } from "../lib/crypto";
import type { JobQueue } from "../jobs/queue";
import { createMcpManager, type McpManager } from "./mcp/mcp-manager";

export interface ToolDeps {
  db: Database;
  logger: Logger;
  /** The configured web search provider, else the local index. */
  search: SearchProvider;
  images: ImageRegistry;
  storage: Storage;
  /** Absolute links in what a tool returns (a generated image's address). */
  publicUrl: string;
  imageTimeoutMs: number;
  /** OUTBOUND_ALLOW_PRIVATE: read_url and team MCP servers may reach private addresses. */
  allowPrivateFetch: boolean;
  /** Opens the MCP servers' sealed header values. */
  cipher: Cipher;
  mcp: McpManager;
  /** The job queue images go on; absent in tests that build the tools without a server. */
  jobs?: JobQueue;
}

const built = new WeakMap<Services, ToolDeps>();

/** The process's tool dependencies; the same object on every call for the same services. */
export function toolDepsOf(services: Services): ToolDeps {
  let deps = built.get(services);
  if (!deps) {
    deps = {
      db: services.database.db,
      logger: services.logger,
      search: services.search,
      images: services.images,
      storage: services.storage,
      publicUrl: services.env.PUBLIC_URL,
      imageTimeoutMs: services.env.IMAGE_TIMEOUT_MS,
      allowPrivateFetch: services.env.OUTBOUND_ALLOW_PRIVATE,
      cipher: services.cipher,
      mcp: createMcpManager({ logger: services.logger }),
      jobs: services.jobs,
    };
    built.set(services, deps);
  }
  return deps;
}

/** Closes the process's MCP connections, when any were opened (at shutdown). */
export async function closeTools(services: Services): Promise<void> {
  await built.get(services)?.mcp.close();
}
