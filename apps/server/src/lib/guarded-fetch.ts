// The one client for outbound requests to user-supplied URLs. It refuses private, loopback,
// link-local and other non-public addresses (checked at connect time, so DNS rebinding cannot slip
// past), follows at most a few redirects (each checked again), and caps time and size.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { AppError } from "./errors";

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  // ::/96 holds ::, ::1 and the old IPv4-compatible form (::127.0.0.1); ::ffff:0:0:0/96 is SIIT's
  // IPv4-translated form. IPv4-mapped addresses (::ffff:a.b.c.d) are checked against the IPv4 list.
  ["::", 96],
  ["::ffff:0:0:0", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
  ["64:ff9b::", 96],
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]!);
    return !blocked.check(address, "ipv6");
  }
  return !blocked.check(address, "ipv4");
}

export interface GuardedFetchOptions {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects?: number;
  /** Development and tests only (OUTBOUND_ALLOW_PRIVATE): lets requests reach private addresses. */
  allowPrivate?: boolean;
  /**
   * Origins an operator vouches for (a self-hosted service on the private network), reachable even
   * though their address is private. Each redirect hop is judged on its own origin.
   */
  trustedOrigins?: readonly string[];
  /** Ends the request early, e.g. when the person who asked for it has gone. */
  signal?: AbortSignal;
  /** GET unless said; a redirect of anything else is refused (its body would be sent again). */
  method?: string;
  headers?: Record<string, string>;
  body?: Uint8Array;
}

export interface GuardedResponse {
  status: number;
  contentType: string | null;
  bytes: Uint8Array;
  url: string;
}

const refuse = (message: string) => new AppError("BAD_REQUEST", message);

export async function guardedFetch(input: string, opts: GuardedFetchOptions): Promise<GuardedResponse> {
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
  let url = parseUrl(input);
  for (let hop = 0; ; hop++) {
    const res = await get(url, opts, signal);
    const location = res.headers.location;
    if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && location) {
      res.resume();
      if ((opts.method ?? "GET") !== "GET") throw refuse("The address redirects elsewhere.");
      if (hop >= (opts.maxRedirects ?? 3)) throw refuse("The address redirects too many times.");
      url = parseUrl(new URL(location, url).toString());
      continue;
    }
    const bytes = await readCapped(res, opts.maxBytes);
    return {
      status: res.statusCode ?? 0,
      contentType: res.headers["content-type"] ?? null,
      bytes,
      url: url.toString(),
    };
  }
}

function parseUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw refuse("That is not a valid URL.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw refuse("Only http and https addresses can be fetched.");
  if (url.username || url.password) throw refuse("Addresses with credentials cannot be fetched.");
  return url;
}

/** Requests to `url` may reach private addresses: allowed, or an origin the operator vouches for. */
const opensPrivate = (url: URL, opts: Pick<GuardedFetchOptions, "allowPrivate" | "trustedOrigins">) =>
  opts.allowPrivate || (opts.trustedOrigins?.includes(url.origin) ?? false);

/** The refusal of a literal address the options do not allow (no request is made), else null. */
function refusedLiteral(url: URL, opts: Pick<GuardedFetchOptions, "allowPrivate" | "trustedOrigins">) {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return isIP(host) && !opensPrivate(url, opts) && !isPublicAddress(host)
    ? refuse("That address is not reachable from Tessera.")
    : null;
}

/**
 * The DNS lookup for a request to `url`: it hands the socket only addresses the options allow, so the
 * check holds at connect time (DNS rebinding cannot slip past).
 */
function lookupFor(
  url: URL,
  opts: Pick<GuardedFetchOptions, "allowPrivate" | "trustedOrigins">,
): LookupFunction {
  const open = opensPrivate(url, opts);
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, "", 0);
      const allowed = addresses.filter((a) => open || isPublicAddress(a.address));
      if (allowed.length === 0) return callback(refuse("That address is not reachable from Tessera."), "", 0);
      if (options.all) return callback(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

function get(url: URL, opts: GuardedFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const refused = refusedLiteral(url, opts);
  if (refused) return Promise.reject(refused);
  const lookup = lookupFor(url, opts);
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: opts.method ?? "GET",
        lookup,
        signal,
        headers: { "user-agent": "Tessera/1 (+self-hosted)", accept: "*/*", ...opts.headers },
      },
      resolve,
    );
    req.on("error", (err) =>
      reject(
        err instanceof AppError
          ? err
          : new AppError(
              "BAD_REQUEST",
              signal.aborted ? "The address took too long to answer." : "The address could not be reached.",
              // The socket's own reason (ECONNREFUSED, a certificate's), for whoever explains it further.
              { cause: err },
            ),
      ),
    );
    req.end(opts.body);
  });
}

/**
 * guardedFetch as a `fetch` for clients that take one (the providers' own): the answer is read whole,
 * within the caps, and handed back as a Response. Headers the caller sets are sent as given.
 */
export function guardedFetchAsFetch(
  opts: Omit<GuardedFetchOptions, "method" | "headers" | "body" | "signal">,
): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
    const res = await guardedFetch(request.url, {
      ...opts,
      method: request.method,
      headers: Object.fromEntries(request.headers.entries()),
      body,
      signal: init?.signal ?? undefined,
    });
    const status = res.status < 200 || res.status > 599 ? 502 : res.status;
    const nullBody = status === 204 || status === 205 || status === 304;
    return new Response(nullBody ? null : Buffer.from(res.bytes), {
      status,
      headers: res.contentType ? { "content-type": res.contentType } : {},
    });
  };
}

function readCapped(res: IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const declared = Number(res.headers["content-length"] ?? 0);
    if (declared > maxBytes) {
      res.destroy();
      return reject(new AppError("PAYLOAD_TOO_LARGE", "The file at that address is too large."));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    res.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        res.destroy();
        reject(new AppError("PAYLOAD_TOO_LARGE", "The file at that address is too large."));
      } else chunks.push(chunk);
    });
    res.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    res.on("error", () => reject(refuse("The address stopped answering.")));
  });
}

export interface GuardedStreamOptions {
  /**
   * How long the address may send nothing (no answer yet, or no byte of the body) before it is
   * dropped. A download of gigabytes has no total time or size cap; one that stalls fails.
   */
  idleMs: number;
  maxRedirects?: number;
  /** An admin's address may be on the private network (a mirror, a file server). */
  allowPrivate?: boolean;
  trustedOrigins?: readonly string[];
  signal?: AbortSignal;
  /** Headers for the request to each address, redirects included: a token only for its own origin. */
  headersFor?: (url: URL) => Record<string, string>;
}

export interface GuardedStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** The redirects followed on the way, with their headers (a file hub names the file's checksum there). */
  redirects: { url: string; status: number; headers: IncomingHttpHeaders }[];
  url: string;
  /** The body as it arrives; fails with an AppError when the address stops sending or the body breaks. */
  body: AsyncIterable<Buffer>;
  /** Drops the connection (the download was cancelled or refused). */
  close(): void;
}

/**
 * guardedFetch for bodies too large to hold: the same address checks and redirect rules, the answer's
 * headers at once and its body as a stream, with a limit on time without progress instead of caps.
 */
export async function guardedStream(input: string, opts: GuardedStreamOptions): Promise<GuardedStream> {
  let url = parseUrl(input);
  const redirects: GuardedStream["redirects"] = [];
  for (let hop = 0; ; hop++) {
    const res = await openStream(url, opts);
    const location = res.headers.location;
    if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && location) {
      res.destroy();
      if (hop >= (opts.maxRedirects ?? 5)) throw refuse("The address redirects too many times.");
      redirects.push({ url: url.toString(), status: res.statusCode, headers: res.headers });
      url = parseUrl(new URL(location, url).toString());
      continue;
    }
    return {
      status: res.statusCode ?? 0,
      headers: res.headers,
      redirects,
      url: url.toString(),
      body: idleGuarded(res, opts.idleMs),
      close: () => res.destroy(),
    };
  }
}

const stalled = (idleMs: number) =>
  new AppError("BAD_REQUEST", `The address sent nothing for ${Math.ceil(idleMs / 1000)} s.`);

function openStream(url: URL, opts: GuardedStreamOptions): Promise<IncomingMessage> {
  const refused = refusedLiteral(url, opts);
  if (refused) return Promise.reject(refused);
  const lookup = lookupFor(url, opts);
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: "GET",
      lookup,
      signal: opts.signal,
      headers: { "user-agent": "Tessera/1 (+self-hosted)", accept: "*/*", ...opts.headersFor?.(url) },
    });
    const idle = setTimeout(() => req.destroy(stalled(opts.idleMs)), opts.idleMs);
    req.on("response", (res) => {
      clearTimeout(idle);
      resolve(res);
    });
    req.on("error", (err) => {
      clearTimeout(idle);
      reject(
        err instanceof AppError
          ? err
          : new AppError(
              "BAD_REQUEST",
              opts.signal?.aborted ? "The download was stopped." : "The address could not be reached.",
              { cause: err },
            ),
      );
    });
    req.end();
  });
}

/** The body's chunks, failing when none comes for `idleMs` or the connection breaks mid-body. */
async function* idleGuarded(res: IncomingMessage, idleMs: number): AsyncGenerator<Buffer> {
  const idle = setTimeout(() => res.destroy(stalled(idleMs)), idleMs);
  try {
    for await (const chunk of res) {
      idle.refresh();
      yield chunk as Buffer;
    }
  } catch (err) {
    throw err instanceof AppError
      ? err
      : new AppError("BAD_REQUEST", "The address stopped sending the file.", { cause: err });
  } finally {
    clearTimeout(idle);
    res.destroy();
  }
}
