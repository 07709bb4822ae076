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

/** Each read with the session it was made for: a page signed in as someone else never takes it. */
const reads = new Map<string, { at: number; token: string | undefined; answer: Promise<unknown> }>();

/** Starts reading `path` (a GET of our API, with the stored session) for a page about to need it. */
export function readAhead(path: string): void {
  const answer = apiRequest(path).then((r) => r.data);
  answer.catch(() => undefined); // the page that takes it sees the failure
  reads.set(path, { at: Date.now(), token: readStoredSession()?.token, answer });
}

/** The answer read ahead for `path`, unchecked, once, if it was asked for recently enough in this session. */
export function takeReadAhead(path: string): Promise<unknown> | null {
  const read = reads.get(path);
  reads.delete(path);
  if (!read || Date.now() - read.at >= READ_AHEAD_FRESH_MS) return null;
  return read.token === readStoredSession()?.token ? read.answer : null;
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
