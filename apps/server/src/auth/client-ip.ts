import { isIPv4, isIPv6 } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The caller's address for rate limits. Forwarded headers are believed only when the operator
 * names the one header their proxy sets (TRUSTED_PROXY_HEADER); otherwise the socket decides, so a
 * spoofed X-Forwarded-For changes nothing. An IPv6 client is its /64: one subscriber is handed a
 * whole /64 and can rotate through it at will, so its addresses count as one.
 */
export function clientIp(c: Context, trustedHeader: string | undefined): string {
  if (trustedHeader) {
    const value = c.req.header(trustedHeader);
    // With several hops the last one was appended by the trusted proxy itself.
    const last = value?.split(",").at(-1);
    const address = last ? limitKeyOf(last) : null;
    if (address) return address;
  }
  try {
    return limitKeyOf(getConnInfo(c).remote.address ?? "") ?? "unknown";
  } catch {
    return "unknown"; // app.request() in tests has no socket
  }
}

/**
 * The address that rate limits count: an IPv4 address as is (also when written as IPv4-mapped
 * IPv6 or with a port), an IPv6 address as the first address of its /64; null when not an address.
 */
export function limitKeyOf(raw: string): string | null {
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address);
  if (v4WithPort) address = v4WithPort[1]!;
  address = address.replace(/%.*$/, ""); // an interface zone (fe80::1%eth0)
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return null;
  const groups = expandIPv6(address);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::`;
}

/** The eight 16-bit groups of a valid IPv6 address (with "::" and an IPv4 tail spelled out). */
function expandIPv6(address: string): number[] {
  let text = address.toLowerCase();
  const v4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4Tail) {
    const [a, b, c, d] = v4Tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16));
}
