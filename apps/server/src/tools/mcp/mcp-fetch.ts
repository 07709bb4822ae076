// The `fetch` the MCP transports use. Like lib/guarded-fetch.ts it checks every address at connect
// time (private ones only when allowed) and follows no redirect itself; unlike it, the answer streams
// (an MCP event stream stays open), and each message is capped as it arrives (cap-messages.ts).
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { Readable } from "node:stream";
import { isPublicAddress } from "../../lib/guarded-fetch";
import { capMessages } from "./cap-messages";

export const UNREACHABLE = "That address is not reachable from Tessera (private addresses are refused).";

export interface McpFetchOptions {
  /** An instance admin's server may be on the private network; a team's may not. */
  allowPrivate: boolean;
  /** The most characters of one message kept; a longer tool result is cut with a note. */
  maxMessageChars: number;
}

export function mcpFetch(opts: McpFetchOptions): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new TypeError("Only http and https addresses can be used.");
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (!opts.allowPrivate && isIP(host) && !isPublicAddress(host)) throw new TypeError(UNREACHABLE);
    const headers = new Headers(input instanceof Request ? input.headers : undefined);
    new Headers(init?.headers).forEach((value, name) => headers.set(name, value));
    const body = init?.body == null ? undefined : await new Response(init.body).arrayBuffer();
    const res = await send(url, {
      method: init?.method ?? "GET",
      headers: Object.fromEntries(headers.entries()),
      body: body ? Buffer.from(body) : undefined,
      signal: init?.signal ?? undefined,
      lookup: lookupFor(opts.allowPrivate),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers))
      if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(", ") : value);
    const status = res.statusCode ?? 502;
    if (status === 204 || status === 205 || status === 304 || init?.method === "HEAD") {
      res.resume();
      return new Response(null, { status, headers: responseHeaders });
    }
    const type = responseHeaders.get("content-type") ?? "";
    const stream = Readable.toWeb(res) as ReadableStream<Uint8Array>;
    const capped = /^(text\/event-stream|application\/json)/i.test(type)
      ? capMessages(
          stream,
          type.toLowerCase().startsWith("text/event-stream") ? "sse" : "json",
          opts.maxMessageChars,
        )
      : stream;
    // The length no longer holds once a message is cut.
    responseHeaders.delete("content-length");
    return new Response(capped, { status, headers: responseHeaders });
  };
}

function lookupFor(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, "", 0);
      const allowed = addresses.filter((a) => allowPrivate || isPublicAddress(a.address));
      if (allowed.length === 0) return callback(new TypeError(UNREACHABLE), "", 0);
      if (options.all) return callback(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

function send(
  url: URL,
  opts: {
    method: string;
    headers: Record<string, string>;
    body: Buffer | undefined;
    signal: AbortSignal | undefined;
    lookup: LookupFunction;
  },
): Promise<IncomingMessage> {
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: opts.method, headers: opts.headers, lookup: opts.lookup, signal: opts.signal },
      resolve,
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}
