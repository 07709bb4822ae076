// Chat answers being written by this process, for pages that follow one they did not ask for (a
// reload mid-answer, another tab): the text so far at once, then every piece as it comes, until the
// answer is stored in its final form. The answer's own stream pays one assignment a chunk while nobody
// follows it. A page whose request reaches another process reads the stored drafts instead (the
// answer's row is the truth; this is only a faster view of it).

/** The most pages that follow one answer at once here; more read the stored drafts. */
export const MAX_FOLLOWERS = 16;

/** The writing side: the answer's stream reports its text so far, and closes once it is stored. */
export interface AnswerFeed {
  /** The whole text so far (it only grows). */
  set(sofar: string): void;
  /** The answer is stored in its final form: followers end. Safe to call twice. */
  close(): void;
}

/** One page following an answer: its text when it began following, and what follows. */
export interface AnswerFollower {
  text: string;
  /** The pieces written since, joined while the page was busy; ends when the answer or `signal` does. */
  rest(signal: AbortSignal): AsyncGenerator<string, void>;
}

export interface AnswerRelay {
  open(key: string): AnswerFeed;
  /** Follows the answer written here under `key`; null when there is none (or too many follow it). */
  follow(key: string): AnswerFollower | null;
}

interface Follower {
  pending: string;
  wake: (() => void) | null;
}

interface Live {
  text: string;
  closed: boolean;
  followers: Set<Follower>;
}

export function createAnswerRelay(): AnswerRelay {
  const answers = new Map<string, Live>();
  return {
    open(key) {
      const live: Live = { text: "", closed: false, followers: new Set() };
      answers.set(key, live);
      return {
        set(sofar) {
          if (live.followers.size > 0) {
            const piece = sofar.slice(live.text.length);
            for (const follower of live.followers) {
              follower.pending += piece;
              follower.wake?.();
            }
          }
          live.text = sofar;
        },
        close() {
          if (live.closed) return;
          live.closed = true;
          if (answers.get(key) === live) answers.delete(key);
          for (const follower of live.followers) follower.wake?.();
        },
      };
    },
    follow(key) {
      const live = answers.get(key);
      if (!live || live.followers.size >= MAX_FOLLOWERS) return null;
      const me: Follower = { pending: "", wake: null };
      live.followers.add(me);
      return {
        text: live.text,
        async *rest(signal) {
          const onAbort = () => me.wake?.();
          signal.addEventListener("abort", onAbort, { once: true });
          try {
            for (;;) {
              if (signal.aborted) return;
              if (me.pending) {
                const piece = me.pending;
                me.pending = "";
                yield piece;
                continue;
              }
              if (live.closed) return;
              await new Promise<void>((resolve) => (me.wake = resolve));
              me.wake = null;
            }
          } finally {
            live.followers.delete(me);
            signal.removeEventListener("abort", onAbort);
          }
        },
      };
    },
  };
}
