import { describe, expect, it } from "vitest";
import { MAX_NOTICE_BYTES, type Bus } from "./bus";
import {
  CHANGED,
  createAnswerRelay,
  MAX_FOLLOWERS,
  SYNC_WAIT_MS,
  type AnswerFollower,
  type AnswerRelay,
} from "./relay";

async function readAll(follower: AnswerFollower, signal = new AbortController().signal) {
  const pieces: (string | typeof CHANGED)[] = [];
  for await (const piece of follower.rest(signal)) pieces.push(piece);
  return pieces;
}

const textOf = (pieces: (string | typeof CHANGED)[]) => pieces.filter((p) => p !== CHANGED).join("");

describe("the answer relay", () => {
  it("tells its followers here of each mark, among the pieces, and nothing once closed", async () => {
    const relay = createAnswerRelay();
    const feed = relay.open("a1");
    const follower = relay.follow("a1")!;
    const reading = readAll(follower);
    feed.set("One");
    feed.mark();
    await new Promise((r) => setTimeout(r, 5));
    feed.mark();
    feed.set("One two");
    feed.close();
    feed.mark();
    expect(await reading).toEqual(["One", CHANGED, " two", CHANGED]);
  });

  it("gives a follower the text so far, then each piece, and ends when the answer is closed", async () => {
    const relay = createAnswerRelay();
    const feed = relay.open("a1");
    feed.set("Hello");
    const follower = relay.follow("a1")!;
    expect(follower.text).toBe("Hello");
    const reading = readAll(follower);
    feed.set("Hello,");
    await Promise.resolve();
    feed.set("Hello, world");
    feed.close();
    const pieces = await reading;
    expect(follower.text + pieces.join("")).toBe("Hello, world");
    expect(pieces.length).toBeGreaterThanOrEqual(1);
  });

  it("joins the pieces written while the follower was busy into one", async () => {
    const relay = createAnswerRelay();
    const feed = relay.open("a1");
    const follower = relay.follow("a1")!;
    feed.set("a");
    feed.set("ab");
    feed.set("abc");
    feed.close();
    expect(await readAll(follower)).toEqual(["abc"]);
  });

  it("lets go of a follower whose page left; the answer goes on for the others", async () => {
    const relay = createAnswerRelay();
    const feed = relay.open("a1");
    const leaving = relay.follow("a1")!;
    const staying = relay.follow("a1")!;
    const controller = new AbortController();
    const left = readAll(leaving, controller.signal);
    const stayed = readAll(staying);
    feed.set("one");
    await Promise.resolve();
    controller.abort();
    await left; // ends without the answer ending
    // Its place is free again: the one staying holds the only other.
    for (let i = 1; i < MAX_FOLLOWERS; i++) expect(relay.follow("a1")).not.toBeNull();
    expect(relay.follow("a1")).toBeNull();
    feed.set("one two");
    feed.close();
    expect((await stayed).join("")).toBe("one two");
  });

  it("has nothing to follow under an unknown key, once closed, or past the most followers", () => {
    const relay = createAnswerRelay();
    expect(relay.follow("nope")).toBeNull();
    const feed = relay.open("a1");
    for (let i = 0; i < MAX_FOLLOWERS; i++) expect(relay.follow("a1")).not.toBeNull();
    expect(relay.follow("a1")).toBeNull();
    feed.close();
    feed.close();
    expect(relay.follow("a1")).toBeNull();
  });

  it("a key written again (a new answer under it) is not closed by the old one's close", () => {
    const relay = createAnswerRelay();
    const old = relay.open("a1");
    const fresh = relay.open("a1");
    fresh.set("new");
    old.close();
    expect(relay.follow("a1")?.text).toBe("new");
  });
});

/** Processes on one bus, in memory: every notice reaches every listener, as NOTIFY's do. */
function memoryBus() {
  const listeners = new Set<(payload: string) => void>();
  const sent: string[] = [];
  const bus: Bus = {
    kind: "database",
    publish: (_channel, payload) => {
      sent.push(payload);
      // Delivered later, as a notice is: never inside the publisher's own call.
      setTimeout(() => listeners.forEach((hear) => hear(payload)), 1);
      return Promise.resolve();
    },
    subscribe: () => Promise.reject(new Error("not used")),
    close: () => Promise.resolve(),
  };
  const join = (relay: AnswerRelay) => listeners.add((payload) => relay.hear(payload));
  return { bus, join, sent };
}

describe("following an answer written by another process", () => {
  it("gets the text so far from the writer, then each piece at its pace, then the end", async () => {
    const { bus, join } = memoryBus();
    const writer = createAnswerRelay({ bus });
    const other = createAnswerRelay({ bus });
    join(writer);
    join(other);
    const feed = writer.open("a1");
    feed.set("Hello");
    const follower = await other.followElsewhere("a1", () => Promise.resolve(true));
    expect(follower?.text).toBe("Hello");
    const reading = readAll(follower!);
    feed.set("Hello, wor");
    await new Promise((r) => setTimeout(r, 10));
    feed.set("Hello, world");
    feed.close();
    expect(follower!.text + (await reading).join("")).toBe("Hello, world");
  });

  it("tells a follower elsewhere of each mark, and one that joins late of the marks before it", async () => {
    const { bus, join, sent } = memoryBus();
    const writer = createAnswerRelay({ bus });
    const other = createAnswerRelay({ bus });
    join(writer);
    join(other);
    const feed = writer.open("a1");
    feed.set("Calling");
    feed.mark();
    // Nobody asked yet: the mark went nowhere.
    expect(sent).toEqual([]);
    const follower = await other.followElsewhere("a1", () => Promise.resolve(true));
    expect(follower?.text).toBe("Calling");
    await new Promise((r) => setTimeout(r, 10));
    expect(sent.map((n) => (JSON.parse(n) as { t: string }).t)).toEqual(["want", "text", "mark"]);
    const reading = readAll(follower!);
    feed.mark();
    await new Promise((r) => setTimeout(r, 10));
    feed.set("Calling. Done.");
    feed.close();
    const pieces = await reading;
    // The late mark (heard after the follower began) and the live one.
    expect(pieces.filter((p) => p === CHANGED)).toHaveLength(2);
    expect(follower!.text + textOf(pieces)).toBe("Calling. Done.");
  });

  it("publishes nothing for an answer nobody elsewhere follows", () => {
    const { bus, join, sent } = memoryBus();
    const writer = createAnswerRelay({ bus });
    join(writer);
    const feed = writer.open("a1");
    for (let i = 0; i < 50; i++) feed.set("x".repeat(i));
    feed.close();
    expect(sent).toEqual([]);
  });

  it("sends a long text in pieces small enough for NOTIFY, and they join up whole", async () => {
    const { bus, join, sent } = memoryBus();
    const writer = createAnswerRelay({ bus });
    const other = createAnswerRelay({ bus });
    join(writer);
    join(other);
    const feed = writer.open("a1");
    const long = `"quoted" \u00e9\u00e8 \u{1f600} \n`.repeat(2_000);
    feed.set(long);
    const follower = (await other.followElsewhere("a1", () => Promise.resolve(true)))!;
    const reading = readAll(follower);
    await new Promise((r) => setTimeout(r, 50));
    feed.close();
    expect(follower.text + (await reading).join("")).toBe(long);
    expect(sent.every((payload) => Buffer.byteLength(payload) <= MAX_NOTICE_BYTES)).toBe(true);
    expect(sent.length).toBeGreaterThan(5);
  });

  it("joins pieces heard out of order or twice into the text once", async () => {
    const { bus, join } = memoryBus();
    const writer = createAnswerRelay({ bus });
    const other = createAnswerRelay({ bus });
    join(writer);
    join(other);
    const feed = writer.open("a1");
    feed.set("one");
    const follower = (await other.followElsewhere("a1", () => Promise.resolve(true)))!;
    const reading = readAll(follower);
    // A piece ahead of what was heard (one in between was lost), and one heard twice.
    other.hear(JSON.stringify({ t: "text", k: "a1", o: 7, s: " three" }));
    other.hear(JSON.stringify({ t: "text", k: "a1", o: 0, s: "one" }));
    feed.set("one two three");
    await new Promise((r) => setTimeout(r, 50));
    feed.close();
    expect(follower.text + (await reading).join("")).toBe("one two three");
  });

  it("has nothing to follow when no writer answers in time", async () => {
    const { bus, join } = memoryBus();
    const other = createAnswerRelay({ bus });
    join(other);
    const started = Date.now();
    expect(await other.followElsewhere("nobody", () => Promise.resolve(true))).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(SYNC_WAIT_MS - 50);
  });

  it("ends when the answer is no longer written, though no end was heard (its writer died)", async () => {
    const { bus, join } = memoryBus();
    const writer = createAnswerRelay({ bus });
    const other = createAnswerRelay({ bus });
    join(writer);
    join(other);
    writer.open("a1").set("Half");
    let writing = true;
    const follower = (await other.followElsewhere("a1", () => Promise.resolve(writing)))!;
    const reading = readAll(follower);
    writing = false;
    expect(await reading).toEqual([]);
  }, 10_000);
});
