import { afterEach, describe, expect, it, vi } from "vitest";
import { bookPdf, heapBombPdf, slowPdf } from "../test/hostile-pdfs";
import { tinyPdf } from "../test/tiny-pdf";
import type { ParseInput } from "./parse-content";
import type * as StartParseWorker from "./start-parse-worker";
import { createParserPool, PARSER_DEFAULTS, type ParserPool, type ParserPoolOptions } from "./parser-pool";

/** While set, workers start with their readers' libraries slow to load (test/slow-reader-load.ts). */
let slowReaderLoad = false;
const READER_LOAD_DELAY_MS = 3_000;
vi.mock("./start-parse-worker", async (original) => {
  const actual = await original<typeof StartParseWorker>();
  const slow = () => new URL(`../test/slow-reader-load.ts?ms=${READER_LOAD_DELAY_MS}`, import.meta.url).href;
  return {
    ...actual,
    startParseWorker: (heapMb: number, niceness?: number) =>
      actual.startParseWorker(heapMb, niceness, slowReaderLoad ? [slow()] : []),
  };
});

const pools: ParserPool[] = [];
// Workers at the server's own priority: niced, they wait behind whatever else the machine runs.
const pool = (options: Partial<ParserPoolOptions>) => {
  const p = createParserPool({ ...PARSER_DEFAULTS, niceness: 0, ...options });
  pools.push(p);
  return p;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

const pdf = (bytes: Uint8Array, maxChars?: number): ParseInput => ({ kind: "pdf", bytes, maxChars });
const tiny = (text: string) => pdf(tinyPdf(text));
/** When each promise settled, in milliseconds from now. */
const settledAt = (promises: Promise<unknown>[]) => {
  const started = performance.now();
  return Promise.all(
    promises.map((p) =>
      p.then(
        () => performance.now() - started,
        () => performance.now() - started,
      ),
    ),
  );
};

describe("the parser pool", () => {
  it("reads a PDF in full, or only the pages that hold the characters asked for", async () => {
    const p = pool({});
    const whole = await p.parse("ada", pdf(bookPdf(50, 40)));
    expect(whole.text).toContain("Page 50, line 40: the tide tables for the harbour.");
    const start = await p.parse("ada", pdf(bookPdf(50, 40), 2_000));
    expect(start.text.length).toBeGreaterThan(2_000);
    expect(start.text.length).toBeLessThan(5_000);
    expect(whole.text.startsWith(start.text)).toBe(true);
    expect(
      await p.parse("ada", { kind: "text", bytes: Buffer.from("a\r\n\n\n\nb "), notText: "no" }),
    ).toEqual({
      kind: "text",
      title: null,
      text: "a\n\nb",
    });
  });

  it("ends a file at its time limit with 422, and a fresh worker reads the next one", async () => {
    const p = pool({ workers: 1, timeLimitMs: 1_500 });
    await p.parse("ada", tiny("Warm")); // the worker's start is not part of any file's time
    const started = performance.now();
    await expect(p.parse("ada", pdf(slowPdf()))).rejects.toMatchObject({
      status: 422,
      code: "TOO_COMPLEX",
      message: "This PDF is too complex to read: reading it took longer than 1.5 seconds.",
    });
    // Ended by its limit, not sooner for some other reason (a busy machine can only make it later).
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_500);
    expect((await p.parse("ada", tiny("Afterwards"))).text).toBe("Afterwards");
  });

  it("starts a file's clock once its reader is loaded: a slow load is not the file's time", async () => {
    slowReaderLoad = true;
    try {
      const p = pool({ workers: 1, timeLimitMs: 1_500 });
      // pdf.js takes 3 s to load in this worker, twice the file's limit, and the file is still read.
      const started = performance.now();
      expect((await p.parse("ada", tiny("Loaded slowly"))).text).toBe("Loaded slowly");
      expect(performance.now() - started).toBeGreaterThanOrEqual(READER_LOAD_DELAY_MS);
      // A slow file still runs out of time, in a fresh worker whose reader loads slowly too.
      await expect(p.parse("ada", pdf(slowPdf()))).rejects.toMatchObject({
        status: 422,
        message: "This PDF is too complex to read: reading it took longer than 1.5 seconds.",
      });
      expect((await p.parse("ada", tiny("Afterwards"))).text).toBe("Afterwards");
    } finally {
      slowReaderLoad = false;
    }
  });

  it("ends a worker that outgrows its heap with 422, and a fresh worker reads the next file", async () => {
    const p = pool({ workers: 1, heapMb: 64, timeLimitMs: 30_000 });
    await expect(p.parse("ada", pdf(heapBombPdf()))).rejects.toMatchObject({
      status: 422,
      message: "This PDF is too complex to read: reading it needed more memory than one file may use.",
    });
    expect((await p.parse("ada", tiny("Still here"))).text).toBe("Still here");
  });

  it("reads one file at a time per person: the second waits, while someone else's is read alongside", async () => {
    const p = pool({ workers: 2, timeLimitMs: 2_000 });
    await Promise.all([p.parse("ada", tiny("Warm")), p.parse("bob", tiny("Warm"))]);
    const [adaSlow, adaNext, bobNext] = await settledAt([
      p.parse("ada", pdf(slowPdf())),
      p.parse("ada", tiny("Second")),
      p.parse("bob", tiny("Other person")),
    ]);
    // Bob's did not wait for Ada's slow one, which ran to its 2 s limit.
    expect(bobNext).toBeLessThan(adaSlow!);
    expect(adaSlow).toBeGreaterThanOrEqual(1_900);
    expect(adaNext).toBeGreaterThanOrEqual(adaSlow!);
  });

  it("refuses a person's file past their queue (429), and anyone's past the pool's (503)", async () => {
    const p = pool({ workers: 1, timeLimitMs: 2_000, waitingPerPerson: 1, waitingInAll: 2 });
    const running = p.parse("ada", pdf(slowPdf()));
    const waiting = p.parse("ada", tiny("Queued"));
    await expect(p.parse("ada", tiny("One too many"))).rejects.toMatchObject({
      status: 429,
      message: "Your other files are still being read. Try again when they are done.",
      headers: { "Retry-After": "2" },
    });
    const bobs = p.parse("bob", tiny("Bobs"));
    await expect(p.parse("cyd", tiny("Cyd's"))).rejects.toMatchObject({ status: 503 });
    await expect(running).rejects.toMatchObject({ status: 422 });
    expect((await waiting).text).toBe("Queued");
    expect((await bobs).text).toBe("Bobs");
  });

  it("fails a file that waited past the longest wait with 503", async () => {
    const p = pool({ workers: 1, timeLimitMs: 2_000, maxWaitMs: 500 });
    const running = p.parse("ada", pdf(slowPdf()));
    await expect(p.parse("bob", tiny("Late"))).rejects.toMatchObject({
      status: 503,
      message: "Tessera is reading many files right now. Try again in a moment.",
    });
    await expect(running).rejects.toMatchObject({ status: 422 });
  });
});
