import { describe, expect, it } from "vitest";
import { createAnswerRelay, MAX_FOLLOWERS, type AnswerFollower } from "./answer-relay";

async function readAll(follower: AnswerFollower, signal = new AbortController().signal) {
  const pieces: string[] = [];
  for await (const piece of follower.rest(signal)) pieces.push(piece);
  return pieces;
}

describe("the answer relay", () => {
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
