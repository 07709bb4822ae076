// Time that this process's main thread spent running, from Linux's per-thread schedstat. Tests that
// say "quickly" or "without holding up the event loop" count in it rather than in wall time: on a
// busy machine a thread waits for a core, and a wall clock reads that wait as the work being slow.
import { readFileSync } from "node:fs";

/** Milliseconds the main thread has run on a CPU since it started (worker threads not included). */
export function mainThreadCpuMs(): number {
  const [onCpuNs] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").split(" ");
  return Number(onCpuNs) / 1e6;
}

/**
 * Watches the event loop: a timer every `intervalMs` notes how much CPU time the main thread used
 * since the last one. A task that holds the loop shows as one long stretch; a thread that merely
 * waited for a core shows as nothing.
 */
export function watchMainThread(intervalMs = 10) {
  const stretches: number[] = [];
  let last = mainThreadCpuMs();
  const timer = setInterval(() => {
    const now = mainThreadCpuMs();
    stretches.push(now - last);
    last = now;
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      stretches.push(mainThreadCpuMs() - last);
      const sorted = [...stretches].sort((a, b) => a - b);
      return {
        longestMs: sorted.at(-1)!,
        p99Ms: sorted[Math.floor((sorted.length - 1) * 0.99)]!,
        ticks: sorted.length,
      };
    },
  };
}
