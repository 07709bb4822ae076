// The durable answers of one page, each under a key of the feature's, and the verbs on them: ask for
// one (read its stream), follow one being written elsewhere, show one read back, stop, let go. Plain
// code under the hook (use-durable-answers), which holds one driver for the page's life.
import { answerStep, followedAnswer, isRunning, pendingAnswer, type DurableAnswer } from "./durable-answer";
import {
  followStored,
  readStream,
  readWhenStopped,
  type Driven,
  type DurableSpec,
  type StreamRun,
  type Watch,
} from "./drive-answer";

interface Run<V> extends Watch<V> {
  key: string;
  answer: DurableAnswer<V>;
  controller: AbortController;
  stopUnnamed?: () => Promise<void>;
}

export function createAnswerDriver<Event, V, Stored>(
  spec: () => DurableSpec<Event, V, Stored>,
  /** Every change of what is shown, as one map by key. */
  publish: (answers: ReadonlyMap<string, DurableAnswer<V>>) => void,
) {
  const runs = new Map<string, Run<V>>();
  const show = () => publish(new Map([...runs].map(([key, run]) => [key, run.answer])));
  const shown = (run: Run<V>) => runs.get(run.key) === run;

  const drive = (run: Run<V>): Driven<V> => ({
    get answer() {
      return run.answer;
    },
    signal: run.controller.signal,
    apply(event) {
      const before = run.answer;
      run.answer = answerStep(before, event);
      // One let go of still learns its name (a Stop waits for it), but is nobody's to show.
      if (run.answer === before || !shown(run)) return;
      show();
      run.changed?.(run.answer, before);
    },
    shown: () => shown(run),
    stopNamed: () => stopRun(run),
  });

  function stopRun(run: Run<V>) {
    const { name } = run.answer;
    if (!name && !run.stopUnnamed) return; // until it is named: readStream calls again then
    run.controller.abort();
    const stopping = name ? spec().stop(name) : run.stopUnnamed!();
    void readWhenStopped(spec(), drive(run), stopping);
  }

  function begin(
    key: string,
    answer: DurableAnswer<V>,
    watch: Omit<Run<V>, "key" | "answer" | "controller">,
  ) {
    release([key]);
    const run: Run<V> = { ...watch, key, answer, controller: new AbortController() };
    runs.set(key, run);
    show();
    return run;
  }

  /** Lets go of answers (all without `keys`): no more reading; they go on on the server. */
  function release(keys?: readonly string[]) {
    for (const run of [...runs.values()]) {
      if (keys && !keys.includes(run.key)) continue;
      runs.delete(run.key);
      // One stopped before the server named it is read on, unseen, until it is: Stop then names it.
      if (!run.answer.stopOnName) run.controller.abort();
    }
    show();
  }

  return {
    /** Asks for an answer (its stream opened by `stream`); resolves once it has ended or been let go of. */
    start: async (key: string, stream: StreamRun<Event, V>) => {
      const run = begin(key, pendingAnswer(stream.value), {
        changed: stream.changed,
        stopUnnamed: stream.stopUnnamed,
      });
      await readStream(spec(), stream, drive(run));
      return run.answer;
    },

    /** Follows an answer being written that this page did not ask for, as it is stored, to its end. */
    follow: async (key: string, name: string, watch: Watch<V> & { value: V }) => {
      const run = begin(key, followedAnswer(name, watch.value), { changed: watch.changed });
      await followStored(spec(), drive(run));
      return run.answer;
    },

    /** Shows an answer with nothing more to read (one read back ended). */
    put: (key: string, answer: DurableAnswer<V>) => {
      begin(key, answer, {});
    },

    /**
     * Stops the running answers (all without `keys`) here at once and on the server by name; each
     * keeps what arrived, then shows what the server stored if that is more.
     */
    stop: (keys?: readonly string[]) => {
      for (const run of [...runs.values()]) {
        if (!isRunning(run.answer.phase) || (keys && !keys.includes(run.key))) continue;
        drive(run).apply({ type: "stop", untilNamed: !run.stopUnnamed });
        stopRun(run);
      }
    },

    release,

    /** Whether an answer shown (of `keys`, if given) is running now, not as of the last render. */
    anyRunning: (keys?: readonly string[]) =>
      [...runs.values()].some((run) => (!keys || keys.includes(run.key)) && isRunning(run.answer.phase)),

    /** The page is gone: no more reading, and nothing to show. */
    dispose: () => {
      for (const run of runs.values()) if (!run.answer.stopOnName) run.controller.abort();
      runs.clear();
    },
  };
}
