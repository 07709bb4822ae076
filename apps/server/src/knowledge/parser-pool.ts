// Files are read in worker processes, a few at once, so a hostile PDF or page costs a worker and
// never the server's event loop. Each file has a time limit and its worker a heap limit; a file that
// goes past either ends its worker (a fresh one takes the next file) and fails with 422. One person's
// files are read one at a time, the rest waiting in a short queue, so one account cannot take every
// worker; files are taken in arrival order among the people who have none being read.
//
// Processes, not worker threads: a thread's resourceLimits end only the thread when its heap grows in
// small steps, but one large allocation past the limit (pdf.js collects a string's characters in one
// array) aborts the whole process, server included. A process that aborts takes only itself, and it
// starts without the server's environment (its secrets), so a reader exploit finds nothing to read.
import type { ChildProcess } from "node:child_process";
import { AppError, errorStatus, type ErrorCode } from "../lib/errors";
import type { ParseInput, ReadContent } from "./parse-content";
import { holdWorker, startParseWorker, WORKER_NICENESS } from "./start-parse-worker";

export interface ParserPoolOptions {
  /** Files read at once, each by a worker of its own. */
  workers: number;
  /**
   * A file still being read after this fails with 422 and its worker is ended. The clock starts once
   * the worker has loaded the file's reader (pdf.js, mammoth), which has a limit of its own.
   */
  timeLimitMs: number;
  /** A worker's V8 heap (--max-old-space-size): going past it ends the worker. */
  heapMb: number;
  /** Files one person may have waiting behind the one being read; one more is refused (429). */
  waitingPerPerson: number;
  /** Files waiting from everyone together; one more is refused (503). */
  waitingInAll: number;
  /** A file not started within this fails (503) rather than hold its request open. */
  maxWaitMs: number;
  /** An idle worker ends after this; the next file starts a fresh one. */
  idleMs: number;
  /**
   * How far below the server's own thread a worker runs (nice). Tests run them at 0: on a machine
   * shared with other work, a niced worker waits behind all of it, and its files run out of time.
   */
  niceness: number;
}

export const PARSER_DEFAULTS: Readonly<ParserPoolOptions> = {
  // Two leave the server's own thread a core on a small machine (DOCUMENT_PARSE_WORKERS for more).
  workers: 2,
  // 2,000 pages of a line each read in 2 s here, of 40 lines each in 5 s (more on a busy machine).
  timeLimitMs: 10_000,
  // The 40-line one peaks near 100 MB of heap, read page by page; stream data is held outside the
  // heap and bounded by the 64 MB decoded budget (lib/pdf-expansion.ts).
  heapMb: 256,
  // A search reads three pages at once, and a message may carry a few attachments.
  waitingPerPerson: 8,
  waitingInAll: 64,
  maxWaitMs: 30_000,
  idleMs: 2 * 60_000,
  niceness: WORKER_NICENESS,
};

export interface ParserPool {
  /** Reads `input` for `owner` (the person it is read for, who has one file read at a time). */
  parse(owner: string, input: ParseInput): Promise<ReadContent>;
  /** How many of `owner`'s files are being read (at most one) and waiting. */
  heldFor(owner: string): { reading: number; waiting: number };
  /** Files being read and waiting, everyone's (the metrics' queue depth). */
  load(): { reading: number; waiting: number };
  /** Ends every worker and fails every file still waiting or being read. */
  close(): Promise<void>;
}

interface Job {
  id: number;
  owner: string;
  input: ParseInput;
  resolve(content: ReadContent): void;
  reject(error: Error): void;
  waitTimer?: NodeJS.Timeout;
}

interface Slot {
  worker: ChildProcess | null;
  ready: boolean;
  job: Job | null;
  /** The running file's clock: its reader's load limit, then, once the worker began, its time limit. */
  limit: NodeJS.Timeout | null;
  idle: NodeJS.Timeout | null;
}

type Reply =
  | { ready: true }
  | { id: number; began: true }
  | { id: number; ok: true; content: ReadContent }
  | FailedReply;
type FailedReply = { id: number; ok: false; code: string; message: string };

/** A worker starts in a few hundred milliseconds (two seconds from the sources through tsx). */
const WORKER_START_MS = 30_000;
/**
 * Loading a reader (pdf.js, mammoth) takes a second on a quiet machine and many on a busy one; it is
 * the same for every file, so it is not the file's time: it has this limit of its own.
 */
const READER_LOAD_MS = 60_000;

const subject = (input: ParseInput) =>
  input.kind === "pdf"
    ? "This PDF"
    : input.kind === "docx"
      ? "This DOCX"
      : input.kind === "html"
        ? "This page"
        : "This file";

export const tooComplex = (input: ParseInput, reason: string) =>
  new AppError("TOO_COMPLEX", `${subject(input)} is too complex to read: ${reason}.`);

/** `options` is read at every turn, so changing it (configureParsers) applies to the next file. */
export function createParserPool(options: ParserPoolOptions): ParserPool {
  const slots: Slot[] = [];
  const waiting: Job[] = [];
  const reading = new Set<string>();
  let nextId = 1;

  const start = (slot: Slot) => {
    const worker = startParseWorker(options.heapMb, options.niceness);
    slot.worker = worker;
    slot.ready = false;
    worker.on("message", (reply: Reply) => {
      if (slot.worker !== worker) return;
      if ("ready" in reply) {
        slot.ready = true;
        return hand(slot);
      }
      if (slot.job?.id !== reply.id) return;
      if ("began" in reply) return clock(slot, slot.job);
      finish(slot, reply.ok ? reply.content : failure(slot.job, reply));
    });
    // V8 aborts a process out of heap (SIGABRT); any other end is a crash. Either fails the file it
    // was reading, and the next file starts a fresh worker.
    const lost = (cause: Error) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      worker.kill("SIGKILL");
      const job = slot.job;
      if (!job) return;
      finish(
        slot,
        worker.signalCode === "SIGABRT" || worker.exitCode === 134
          ? tooComplex(job.input, "reading it needed more memory than one file may use")
          : new AppError("INTERNAL", `${subject(job.input)} could not be read.`, { cause }),
      );
    };
    worker.on("error", lost);
    worker.on("exit", (code, signal) => lost(new Error(`parse worker ended (${signal ?? code})`)));
    // A worker that never gets ready fails the file it was started for.
    setTimeout(() => {
      if (!slot.ready) lost(new Error("parse worker did not start"));
    }, WORKER_START_MS).unref();
  };

  /**
   * Gives the slot's file to its worker once the worker is ready. The worker first loads the file's
   * reader, within READER_LOAD_MS; the file's own clock starts when it says it began (clock).
   */
  const hand = (slot: Slot) => {
    const { worker, job } = slot;
    if (!worker || !slot.ready || !job || slot.limit) return;
    slot.limit = setTimeout(() => {
      end(slot);
      finish(slot, refused(options, "UNAVAILABLE"));
    }, READER_LOAD_MS);
    worker.send({ id: job.id, input: job.input });
  };

  /** Starts the file's time limit: its worker has loaded the reader and begun reading it. */
  const clock = (slot: Slot, job: Job) => {
    if (slot.limit) clearTimeout(slot.limit);
    slot.limit = setTimeout(() => {
      end(slot);
      finish(
        slot,
        tooComplex(job.input, `reading it took longer than ${options.timeLimitMs / 1000} seconds`),
      );
    }, options.timeLimitMs);
  };

  const end = (slot: Slot) => {
    slot.worker?.kill("SIGKILL");
    slot.worker = null;
  };

  const finish = (slot: Slot, outcome: ReadContent | Error) => {
    const job = slot.job!;
    if (slot.limit) clearTimeout(slot.limit);
    slot.limit = null;
    slot.job = null;
    reading.delete(job.owner);
    if (outcome instanceof Error) job.reject(outcome);
    else job.resolve(outcome);
    pump();
  };

  const pump = () => {
    for (const slot of slots.slice(0, options.workers)) if (!slot.job) take(slot);
    while (slots.length < options.workers && waiting.some((j) => !reading.has(j.owner))) {
      const slot: Slot = { worker: null, ready: false, job: null, limit: null, idle: null };
      slots.push(slot);
      take(slot);
    }
  };

  /** Gives a free slot the first waiting file whose owner has none being read; else lets it idle. */
  const take = (slot: Slot) => {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    const at = waiting.findIndex((j) => !reading.has(j.owner));
    if (at === -1) {
      // Idle: the process may exit without waiting for the worker, which ends after a while.
      if (slot.worker) {
        holdWorker(slot.worker, false);
        slot.idle = setTimeout(() => end(slot), options.idleMs).unref();
      }
      return;
    }
    const [job] = waiting.splice(at, 1);
    clearTimeout(job!.waitTimer);
    reading.add(job!.owner);
    slot.job = job!;
    if (!slot.worker) start(slot);
    holdWorker(slot.worker!, true);
    hand(slot);
  };

  return {
    parse(owner, input) {
      if (waiting.filter((j) => j.owner === owner).length >= options.waitingPerPerson)
        return Promise.reject(refused(options, "RATE_LIMITED"));
      if (waiting.length >= options.waitingInAll) return Promise.reject(refused(options, "UNAVAILABLE"));
      return new Promise<ReadContent>((resolve, reject) => {
        const job: Job = { id: nextId++, owner, input, resolve, reject };
        job.waitTimer = setTimeout(() => {
          waiting.splice(waiting.indexOf(job), 1);
          reject(refused(options, "UNAVAILABLE"));
        }, options.maxWaitMs);
        waiting.push(job);
        pump();
      });
    },
    load: () => ({ reading: reading.size, waiting: waiting.length }),
    heldFor(owner) {
      return {
        reading: reading.has(owner) ? 1 : 0,
        waiting: waiting.filter((j) => j.owner === owner).length,
      };
    },
    async close() {
      for (const job of waiting.splice(0)) {
        clearTimeout(job.waitTimer);
        job.reject(new AppError("UNAVAILABLE", "The server is shutting down."));
      }
      const workers = slots.flatMap((slot) => {
        if (slot.idle) clearTimeout(slot.idle);
        const worker = slot.worker;
        slot.worker = null;
        if (slot.job) finish(slot, new AppError("UNAVAILABLE", "The server is shutting down."));
        return worker && worker.exitCode === null && worker.signalCode === null ? [worker] : [];
      });
      await Promise.all(
        workers.map((w) => new Promise<void>((resolve) => w.once("exit", () => resolve()).kill("SIGKILL"))),
      );
    },
  };
}

/** A file not taken: the person's own queue is full (429), or everyone's is (503). */
const refused = (options: ParserPoolOptions, code: "RATE_LIMITED" | "UNAVAILABLE") =>
  new AppError(
    code,
    code === "RATE_LIMITED"
      ? "Your other files are still being read. Try again when they are done."
      : "Tessera is reading many files right now. Try again in a moment.",
    { headers: { "Retry-After": String(Math.ceil(options.timeLimitMs / 1000)) } },
  );

function failure(job: Job, reply: FailedReply): AppError {
  if (reply.code in errorStatus && reply.code !== "INTERNAL")
    return new AppError(reply.code as ErrorCode, reply.message);
  return new AppError("INTERNAL", `${subject(job.input)} could not be read.`, {
    cause: new Error(reply.message),
  });
}

const shared: ParserPoolOptions = { ...PARSER_DEFAULTS };
let sharedPool: ParserPool | null = null;

/** The process's pool: every upload, address and crawled page is read through it. */
export const parsers = (): ParserPool => (sharedPool ??= createParserPool(shared));

/** The process's pool's load, without starting a pool nobody has used yet. */
export const parserLoad = () => sharedPool?.load() ?? { reading: 0, waiting: 0 };

/** Sets the process's pool from the configuration (main.ts, at start). */
export function configureParsers(options: Partial<ParserPoolOptions>) {
  Object.assign(shared, options);
}
