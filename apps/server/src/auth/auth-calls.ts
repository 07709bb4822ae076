// Every call into Better Auth goes through `callAuth`.
//
// Better Auth keeps its request state in AsyncLocalStorage stores. On Node 20 a store that has run
// once installs promise hooks in the whole process and leaves them there: from the first sign-in on,
// every promise any request makes runs a hook and carries its async ids and a slot for each store.
// Held chat streams, which never call Better Auth (bearer-session.ts), paid for it all the same:
// 106 → 78 KB of resident memory a stream under 2,000 of them, and CPU on every await (bench row 3).
// So when the last call in flight has finished, Better Auth's stores are disabled, which takes the
// hooks out; the next call's `run` puts them back for as long as it needs them.
import { AsyncLocalStorage } from "node:async_hooks";

let inFlight = 0;

export async function callAuth<T>(call: () => Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await call();
  } finally {
    if (--inFlight === 0) disableAuthStores();
  }
}

/** Better Auth's process-wide context, where it keeps its stores (`@better-auth/core`, global.ts). */
const BETTER_AUTH_GLOBAL = Symbol.for("better-auth:global");

function disableAuthStores() {
  const global = (globalThis as { [BETTER_AUTH_GLOBAL]?: { context?: object } })[BETTER_AUTH_GLOBAL];
  for (const value of Object.values(global?.context ?? {}))
    if (value instanceof AsyncLocalStorage) value.disable();
}
