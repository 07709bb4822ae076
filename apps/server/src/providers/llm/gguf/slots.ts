// One answer at a time per model (or as many as LOCAL_LLM_CONCURRENCY allows): the rest wait in
// order, are told how many answers must end before theirs starts, and leave the line when stopped.

export interface Slots {
  /**
   * Resolves with a release function once a slot is free. While waiting, `onAhead` hears how many
   * answers stand before this one (now, and each time the line moves); an abort leaves the line and
   * rejects with the signal's reason.
   */
  acquire(signal: AbortSignal | undefined, onAhead: (ahead: number) => void): Promise<() => void>;
  /** Answers running, and waiting. */
  readonly busy: number;
  readonly waiting: number;
}

interface Waiter {
  grant(release: () => void): void;
  onAhead(ahead: number): void;
}

export function createSlots(size: number): Slots {
  let running = 0;
  const line: Waiter[] = [];
  const tell = () => line.forEach((w, i) => w.onAhead(i + 1));

  const releaser = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = line.shift();
      if (next) {
        next.grant(releaser());
        tell();
      } else running--;
    };
  };

  return {
    get busy() {
      return running;
    },
    get waiting() {
      return line.length;
    },
    acquire(signal, onAhead) {
      if (signal?.aborted) return Promise.reject(signal.reason as Error);
      if (running < size) {
        running++;
        return Promise.resolve(releaser());
      }
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          grant: (release) => {
            signal?.removeEventListener("abort", leave);
            resolve(release);
          },
          onAhead,
        };
        const leave = () => {
          const at = line.indexOf(waiter);
          if (at >= 0) line.splice(at, 1);
          tell();
          reject(signal?.reason as Error);
        };
        signal?.addEventListener("abort", leave, { once: true });
        line.push(waiter);
        onAhead(line.length);
      });
    },
  };
}
