import type { SearchSource } from "@tessera/contracts";
import { describe, expect, it } from "vitest";
import { linkCitations } from "./link-citations";

const source = (url: string, title = "A page"): SearchSource => ({ title, url, snippet: "", domain: "" });
const sources = [source("https://one.example/a b"), source("/dashboard/documents/d1", 'The "handbook"')];

describe("linkCitations", () => {
  it("links each [n] to the n-th source, with its title", () => {
    expect(linkCitations("Lit at dusk [2]. Wind [1][2].", sources)).toBe(
      'Lit at dusk [`2`](</dashboard/documents/d1> "The handbook"). ' +
        'Wind [`1`](<https://one.example/a%20b> "A page")[`2`](</dashboard/documents/d1> "The handbook").',
    );
  });

  it("leaves unknown numbers, links, definitions and code alone", () => {
    const text = "See [3] and [1](x) and [note][1]\n\n[1]: https://x.example\n\n`[1]`\n\n```\n[2]\n```";
    expect(linkCitations(text, sources)).toBe(text);
  });
});
