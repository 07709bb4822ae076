// The one body limit: a request over `maxSize` bytes is refused with 413, by AppError, before a route
// reads it.
//
// Decided from the headers whenever they can decide it. Hono's own middleware first asks the request
// for its body stream, and on the Node adapter that turns the light request into a full Fetch Request
// with a web stream over the socket: on every POST, kept for as long as the answer streams (9 KB of
// the 55 KB a held chat stream kept, by heap snapshots of 300 streams), and the JSON is then read
// through that stream instead of straight from the socket. A request on the wire has a body only
// with Content-Length or Transfer-Encoding (RFC 9112, section 6.3), so only a chunked body, or a
// request that did not come off the wire, is counted as it is read, by Hono's middleware.
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit as countedBodyLimit } from "hono/body-limit";
import { AppError } from "./errors";

export function bodyLimit(maxSize: number, tooLarge: string): MiddlewareHandler {
  const refuse = (): never => {
    throw new AppError("PAYLOAD_TOO_LARGE", tooLarge);
  };
  const counted = countedBodyLimit({ maxSize, onError: refuse });
  return async (c, next) => {
    const length = c.req.header("content-length");
    const chunked = c.req.header("transfer-encoding") !== undefined;
    if (length !== undefined && !chunked) return Number(length) > maxSize ? refuse() : next();
    if (!chunked && fromTheWire(c)) return next();
    return counted(c, next);
  };
}

/** The Node adapter hands every route the socket's request as `c.env.incoming`. */
const fromTheWire = (c: Context) => (c.env as { incoming?: unknown } | undefined)?.incoming !== undefined;
