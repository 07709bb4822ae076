/**
 * Resolves when the browser says it is online again, after `ms` at most, or as soon as `signal`
 * aborts (the caller checks which).
 */
export function untilOnline(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener("online", done);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener("online", done);
    signal?.addEventListener("abort", done, { once: true });
  });
}
