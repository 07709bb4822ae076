// GET answers asked for before the code that uses them has arrived (a route's loader runs with the app's
// first code), for that code to take once instead of asking again. This module is part of the code
// every page loads, so checking an answer's shape is left to the code that takes it, with its schema.
import { apiRequest } from "./api-client";
import { readStoredSession } from "./auth-storage";
import type { Validator } from "./guards";

/**
 * How long an answer read ahead stands in for the page's own read: long enough for slow code to
 * arrive, short enough that an address left before its page came up, and visited again, is read afresh.
 */
export const READ_AHEAD_FRESH_MS = 10_000;

/**
 * Each read with the session it was made for: a page signed in as someone else never takes it. `data`
 * is the answer once it has arrived whole.
 */
type Read = { at: number; token: string | undefined; answer: Promise<unknown>; data?: { value: unknown } };
const reads = new Map<string, Read>();

/**
 * Starts reading `path` (a GET of our API, with the stored session) for a page about to need it. The
 * answer is returned too, for a caller that waits for it (it may reject: nobody else needs to wait).
 */
export function readAhead(path: string): Promise<unknown> {
  const answer = apiRequest(path).then(({ data }) => {
    read.data = { value: data };
    return data;
  });
  const read: Read = { at: Date.now(), token: readStoredSession()?.token, answer };
  answer.catch(() => undefined); // the page that takes it sees the failure
  reads.set(path, read);
  return answer;
}

/** The read ahead for `path`, if it was asked for recently enough in this session. */
function current(path: string): Read | null {
  const read = reads.get(path);
  if (!read || Date.now() - read.at >= READ_AHEAD_FRESH_MS || read.token !== readStoredSession()?.token) {
    reads.delete(path);
    return null;
  }
  return read;
}

/** The answer read ahead for `path`, unchecked, once, if it was asked for recently enough in this session. */
export function takeReadAhead(path: string): Promise<unknown> | null {
  const read = current(path);
  reads.delete(path);
  return read?.answer ?? null;
}

/**
 * The answer read ahead for `path` when it has already arrived and has the shape `schema` expects:
 * taken then, once, for a page to show in its first frame (a query's initial data). Otherwise it is
 * left for `readAheadOr`, and this is undefined.
 */
export function takeArrivedReadAhead<T>(path: string, schema: Validator<T>): T | undefined {
  const arrived = current(path)?.data;
  const checked = arrived && schema.safeParse(arrived.value);
  if (!checked?.success) return undefined;
  reads.delete(path);
  return checked.data;
}

/** The answer read ahead for `path` when there is one and it has the shape `schema` expects; else `read()`. */
export async function readAheadOr<T>(path: string, schema: Validator<T>, read: () => Promise<T>): Promise<T> {
  const ahead = takeReadAhead(path);
  const checked =
    ahead &&
    (await ahead.then(
      (answer) => schema.safeParse(answer),
      () => null,
    ));
  return checked?.success ? checked.data : read();
}
