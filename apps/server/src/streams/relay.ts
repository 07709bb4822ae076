// Durable answers as they are written, for pages that follow one they did not ask for (a reload
// mid-answer, another tab): the text so far at once, then every piece as it comes, until the answer
// is stored in its final form. The answer's own stream pays one assignment a chunk while nobody
// follows it.
//
// A page whose request reaches another process follows over the bus: that process asks for the
// answer (`want`), the writer answers with its whole text from offset 0 and then publishes each new
// piece with its offset for as long as someone keeps asking (`keep`), and `end` once the answer is
// stored. Offsets make every piece safe to hear twice or out of order; a gap is filled by asking
// again. Nobody asking, the writer publishes nothing.
//
// Besides its text an answer may change in ways it stores at once (its tool calls: one made, one
// waiting for approval, one's result): `mark` tells followers here and elsewhere (`mark` notice) to
// read that again. A follower that asks for the whole text hears a mark too, so none is lost for good.
import { splitForNotices, type Bus } from "./bus";

/** The most pages that follow one answer at once from one process; more read the stored drafts. */
export const MAX_FOLLOWERS = 16;
/** The channel on which followers ask and writers answer (see above). */
export const FEED_CHANNEL = "tessera_answer_feed";
/** A writer publishes an answer's pieces this long after the last `want` or `keep` for it. */
export const REMOTE_FOLLOW_MS = 15_000;
/** A follower elsewhere says `keep` this often. */
export const KEEP_EVERY_MS = 5_000;
/** How long a follower elsewhere waits for the writer's first answer before it reads drafts instead. */
export const SYNC_WAIT_MS = 2_000;
/** A gap in the pieces heard for this long is filled by asking for the whole text again. */
export const GAP_WAIT_MS = 1_000;
/** How often a follower elsewhere checks that the answer is still being written (its writer may die). */
export const STILL_WRITING_EVERY_MS = 3_000;

/** The writing side: the answer's stream reports its text so far, and closes once it is stored. */
export interface AnswerFeed {
  /** The whole text so far (it only grows). */
  set(sofar: string): void;
  /** The answer is stored in its final form: followers end. Safe to call twice. */
  close(): void;
  /** What the answer stores besides its text changed, and is stored: followers read it again. */
  mark(): void;
}

/** What a follower is given instead of text when the answer's stored state besides its text changed. */
export const CHANGED = Symbol("changed");

/** One page following an answer: its text when it began following, and what follows. */
export interface AnswerFollower {
  text: string;
  /**
   * The pieces written since, joined while the page was busy, and CHANGED after a `mark`; ends when
   * the answer or `signal` does.
   */
  rest(signal: AbortSignal): AsyncGenerator<string | typeof CHANGED, void>;
}

type Notice =
  { t: "want" | "keep" | "end" | "mark"; k: string } | { t: "text"; k: string; o: number; s: string };

export interface AnswerRelay {
  open(key: string): AnswerFeed;
  /** Follows the answer written here under `key`; null when there is none (or too many follow it). */
  follow(key: string): AnswerFollower | null;
  /**
   * Follows the answer written by another process under `key`: null when no writer answered in time.
   * `stillWriting` is asked now and then: false ends the follower (its writer died, say).
   */
  followElsewhere(key: string, stillWriting: () => Promise<boolean>): Promise<AnswerFollower | null>;
  /** A notice heard on FEED_CHANNEL. */
  hear(payload: string): void;
  /** The feed channel's listener went down (notices may be missed) or came back. */
  listening(live: boolean): void;
}

interface Waiter {
  pending: string;
  /** A mark came since this waiter was last given one. */
  changed: boolean;
  wake: (() => void) | null;
}

interface Live {
  text: string;
  closed: boolean;
  followers: Set<Waiter>;
  /** Until when followers elsewhere want its pieces (0: never asked). */
  remoteUntil: number;
  /** How much of the text went out on the bus. */
  published: number;
  /** Someone asked for the whole text (`want`): it goes out again from offset 0. */
  resend: boolean;
  /** The publishing under way, if any. */
  running: Promise<void> | null;
  /** It was marked at least once: a follower that asks for the whole hears a mark too. */
  marked: boolean;
}

/** A follower of an answer written elsewhere. */
interface Remote extends Waiter {
  text: string;
  /** Pieces heard ahead of the text (a gap before them), by offset. */
  ahead: Map<number, string>;
  gapSince: number | null;
  synced: (() => void) | null;
  ended: boolean;
}

export function createAnswerRelay(deps: { bus?: Bus; onPublishError?: (err: unknown) => void } = {}) {
  const answers = new Map<string, Live>();
  const remotes = new Map<string, Set<Remote>>();
  const send = (notice: Notice) => {
    if (!deps.bus) return Promise.resolve();
    return deps.bus.publish(FEED_CHANNEL, JSON.stringify(notice)).catch((err: unknown) => {
      deps.onPublishError?.(err);
    });
  };

  /** Publishes what followers elsewhere have not had yet, one run at a time per answer. */
  function publish(key: string, live: Live): Promise<void> {
    live.running ??= (async () => {
      // Settles after the assignment above even when there is nothing to send.
      await Promise.resolve();
      try {
        while (live.remoteUntil > Date.now()) {
          // The answer to `want` is the whole text from offset 0, even when it is still empty.
          const whole = live.resend;
          live.resend = false;
          const from = whole ? 0 : live.published;
          if (!whole && from >= live.text.length) break;
          const rest = live.text.slice(from);
          live.published = Math.max(live.published, from + rest.length);
          let offset = from;
          for (const piece of splitForNotices(rest)) {
            await send({ t: "text", k: key, o: offset, s: piece });
            offset += piece.length;
          }
        }
      } finally {
        live.running = null;
      }
    })();
    return live.running;
  }

  const wake = (w: Waiter) => w.wake?.();

  function hearText(key: string, offset: number, piece: string) {
    for (const remote of remotes.get(key) ?? []) {
      remote.ahead.set(offset, piece);
      // Every piece that now touches the text extends it; later ones wait for the gap to fill.
      let grew = true;
      while (grew) {
        grew = false;
        for (const [o, s] of remote.ahead) {
          if (o > remote.text.length) continue;
          remote.ahead.delete(o);
          const fresh = s.slice(remote.text.length - o);
          if (fresh) {
            remote.text += fresh;
            remote.pending += fresh;
            grew = true;
          }
        }
      }
      remote.gapSince = remote.ahead.size ? (remote.gapSince ?? Date.now()) : null;
      if (offset === 0) remote.synced?.();
      wake(remote);
    }
  }

  /** Yields what a waiter is given until `done` says it is over or `signal` aborts. */
  async function* drain(
    me: Waiter,
    done: () => boolean,
    signal: AbortSignal,
  ): AsyncGenerator<string | typeof CHANGED, void> {
    const onAbort = () => wake(me);
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
        if (me.changed) {
          me.changed = false;
          yield CHANGED;
          continue;
        }
        if (done()) return;
        await new Promise<void>((resolve) => (me.wake = resolve));
        me.wake = null;
      }
    } finally {
      signal.removeEventListener("abort", onAbort);
    }
  }

  const relay: AnswerRelay = {
    open(key) {
      const live: Live = {
        text: "",
        closed: false,
        followers: new Set(),
        remoteUntil: 0,
        published: 0,
        resend: false,
        running: null,
        marked: false,
      };
      answers.set(key, live);
      return {
        set(sofar) {
          if (live.followers.size > 0) {
            const piece = sofar.slice(live.text.length);
            for (const follower of live.followers) {
              follower.pending += piece;
              wake(follower);
            }
          }
          live.text = sofar;
          if (live.remoteUntil > 0 && live.remoteUntil > Date.now()) void publish(key, live);
        },
        close() {
          if (live.closed) return;
          live.closed = true;
          if (answers.get(key) === live) answers.delete(key);
          for (const follower of live.followers) wake(follower);
          // The last pieces first, then `end`: followers elsewhere then read the stored answer.
          if (live.remoteUntil > Date.now())
            void (async () => {
              await live.running;
              await publish(key, live);
              await send({ t: "end", k: key });
            })();
        },
        mark() {
          if (live.closed) return;
          live.marked = true;
          for (const follower of live.followers) {
            follower.changed = true;
            wake(follower);
          }
          if (live.remoteUntil > Date.now()) void send({ t: "mark", k: key });
        },
      };
    },
    follow(key) {
      const live = answers.get(key);
      if (!live || live.followers.size >= MAX_FOLLOWERS) return null;
      const me: Waiter = { pending: "", changed: false, wake: null };
      live.followers.add(me);
      return {
        text: live.text,
        async *rest(signal) {
          try {
            yield* drain(me, () => live.closed, signal);
          } finally {
            live.followers.delete(me);
          }
        },
      };
    },
    async followElsewhere(key, stillWriting) {
      if (!deps.bus) return null;
      let set = remotes.get(key);
      if (set && set.size >= MAX_FOLLOWERS) return null;
      if (!set) remotes.set(key, (set = new Set()));
      const mine = set;
      const me: Remote = {
        text: "",
        pending: "",
        changed: false,
        wake: null,
        ahead: new Map(),
        gapSince: null,
        synced: null,
        ended: false,
      };
      mine.add(me);
      const leave = () => {
        mine.delete(me);
        if (mine.size === 0 && remotes.get(key) === mine) remotes.delete(key);
      };
      let timer: NodeJS.Timeout | undefined;
      const synced = await new Promise<boolean>((resolve) => {
        me.synced = () => resolve(true);
        timer = setTimeout(() => resolve(false), SYNC_WAIT_MS);
        void send({ t: "want", k: key });
      });
      clearTimeout(timer);
      me.synced = null;
      if (!synced && !me.ended) {
        leave();
        return null;
      }
      const text = me.text;
      // The follower reads the answer's stored state as it begins: marks heard so far are in it.
      me.pending = "";
      me.changed = false;
      return {
        text,
        async *rest(signal) {
          let last = Date.now();
          let checking = false;
          // Keeps the writer publishing, fills gaps, and ends the follower once the answer is no
          // longer written (its writer died and the sweep closed it, or an `end` went missing).
          const tick = setInterval(() => {
            if (Date.now() - last >= KEEP_EVERY_MS) {
              last = Date.now();
              void send({ t: "keep", k: key });
            }
            if (me.gapSince !== null && Date.now() - me.gapSince >= GAP_WAIT_MS) {
              me.gapSince = Date.now();
              void send({ t: "want", k: key });
            }
          }, 250);
          const check = setInterval(() => {
            if (checking) return;
            checking = true;
            stillWriting()
              .then((writing) => {
                if (!writing) {
                  me.ended = true;
                  wake(me);
                }
              })
              .catch(() => undefined)
              .finally(() => (checking = false));
          }, STILL_WRITING_EVERY_MS);
          try {
            yield* drain(me, () => me.ended, signal);
          } finally {
            clearInterval(tick);
            clearInterval(check);
            leave();
          }
        },
      };
    },
    hear(payload) {
      let notice: Notice;
      try {
        notice = JSON.parse(payload) as Notice;
      } catch {
        return;
      }
      if (notice.t === "text") return hearText(notice.k, notice.o, notice.s);
      if (notice.t === "mark") {
        for (const remote of remotes.get(notice.k) ?? []) {
          remote.changed = true;
          wake(remote);
        }
        return;
      }
      if (notice.t === "end") {
        for (const remote of remotes.get(notice.k) ?? []) {
          remote.ended = true;
          remote.synced?.();
          wake(remote);
        }
        return;
      }
      const live = answers.get(notice.k);
      if (!live || live.closed) return;
      live.remoteUntil = Date.now() + REMOTE_FOLLOW_MS;
      // Asked for the whole: from the start again (followers keep what they had).
      if (notice.t === "want") live.resend = true;
      const published = publish(notice.k, live);
      // Marks it may have missed come after the whole text, as one.
      if (notice.t === "want" && live.marked) void published.then(() => send({ t: "mark", k: notice.k }));
    },
    listening(live) {
      // Back after notices may have been missed: every follower asks for the whole text again.
      if (!live) return;
      for (const key of remotes.keys()) void send({ t: "want", k: key });
    },
  };
  return relay;
}
