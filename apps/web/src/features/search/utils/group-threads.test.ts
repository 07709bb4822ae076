import type { SearchSummary } from "@tessera/contracts";
import { describe, expect, it } from "vitest";
import { groupThreads, recentQueries } from "./group-threads";

const summary = (
  id: string,
  query: string,
  minute: number,
  parentId: string | null = null,
): SearchSummary => ({
  id,
  parentId,
  query,
  status: "complete",
  createdAt: new Date(Date.UTC(2025, 0, 1, 12, minute)).toISOString(),
});

describe("groupThreads", () => {
  it("puts follow-ups under their first question, threads with the latest activity first", () => {
    const threads = groupThreads([
      summary("c", "And at night?", 5, "b"),
      summary("x", "Other question", 4),
      summary("b", "Who lights it?", 3, "a"),
      summary("a", "Farrow Point lamp", 1),
    ]);
    expect(threads.map((t) => [t.rootId, t.query, t.searchIds])).toEqual([
      ["a", "Farrow Point lamp", ["a", "b", "c"]],
      ["x", "Other question", ["x"]],
    ]);
  });

  it("a follow-up whose question is no longer listed starts its own thread", () => {
    const threads = groupThreads([summary("c", "And at night?", 5, "gone")]);
    expect(threads.map((t) => [t.rootId, t.searchIds])).toEqual([["c", ["c"]]]);
  });
});

describe("recentQueries", () => {
  it("keeps the latest distinct questions", () => {
    const list = [summary("a", "Lamp ", 3), summary("b", "lamp", 2), summary("c", "Wind", 1)];
    expect(recentQueries(list, 2)).toEqual(["Lamp", "Wind"]);
  });
});
