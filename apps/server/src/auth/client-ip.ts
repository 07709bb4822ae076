import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The caller's address for rate limits. Forwarded headers are believed only when the operator
 * names the one header their proxy sets (TRUSTED_PROXY_HEADER); otherwise the socket decides, so a
 * spoofed X-Forwarded-For changes nothing.
 */
export function clientIp(c: Context, trustedHeader: string | undefined): string {
  if (trustedHeader) {
    const value = c.req.header(trustedHeader);
    // With several hops the last one was appended by the trusted proxy itself.
    const last = value?.split(",").at(-1)?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // app.request() in tests has no socket
  }
}
