import { describe, expect, it } from "vitest";
import { contentStems, jaccard, makeEvalSet, overlapStats, stem } from "./corpus";

// The evaluation set behind the knowledge bench's recall figures: if it drifts (a label pointing at
// nothing, questions creeping towards the passage's own words), the figures stop meaning anything.
const set = makeEvalSet();
const byId = new Map(set.documents.map((d) => [d.id, d]));

describe("knowledge evaluation set", () => {
  it("has the sizes the issue asks for, with unique ids", () => {
    expect(set.documents.length).toBeGreaterThanOrEqual(500);
    expect(set.paraphrase.length).toBeGreaterThanOrEqual(200);
    expect(set.keyword.length).toBe(50);
    expect(byId.size).toBe(set.documents.length);
    const ids = [...set.paraphrase, ...set.keyword].map((q) => q.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("labels every question with a document that holds its passage as a paragraph", () => {
    for (const q of [...set.paraphrase, ...set.keyword]) {
      const doc = byId.get(q.documentId);
      expect(doc, q.id).toBeDefined();
      expect(doc!.content.split("\n\n"), q.id).toContain(q.passage);
    }
  });

  it("plants each answer passage in exactly one document", () => {
    for (const q of set.paraphrase)
      expect(set.documents.filter((d) => d.content.includes(q.passage)).map((d) => d.id)).toEqual([
        q.documentId,
      ]);
  });

  it("makes documents of several paragraphs on twenty topics", () => {
    expect(new Set(set.documents.map((d) => d.topic)).size).toBe(20);
    for (const d of set.documents) expect(d.content.split("\n\n").length, d.id).toBeGreaterThanOrEqual(3);
  });

  it("keeps the paraphrases' content-word overlap with their passage low", () => {
    const o = overlapStats(set.paraphrase);
    expect(o.mean).toBeLessThan(0.05);
    expect(o.max).toBeLessThan(0.15);
    // The keyword questions are made of the passage's words: the statistic tells the two sets apart.
    expect(overlapStats(set.keyword).mean).toBeGreaterThan(0.15);
  });

  it("writes the same set on every run", () => {
    expect(makeEvalSet()).toEqual(set);
    expect(makeEvalSet(7).documents.map((d) => d.content)).not.toEqual(set.documents.map((d) => d.content));
  });

  it("stems the way the overlap statistic assumes", () => {
    expect(stem("collection")).toBe(stem("collect"));
    expect(stem("fines")).toBe(stem("fine"));
    expect(stem("stopped")).toBe(stem("stop"));
    expect(jaccard(contentStems("The bins are emptied"), contentStems("emptying a bin"))).toBe(1);
    expect(jaccard(contentStems("What of it?"), contentStems("the"))).toBe(0);
  });
});
