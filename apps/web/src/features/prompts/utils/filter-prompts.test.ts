import type { PromptTemplate } from "@tessera/contracts";
import { describe, expect, it } from "vitest";
import { filterPrompts } from "./filter-prompts";
import { parseTags } from "./parse-tags";

const prompt = (over: Partial<PromptTemplate>): PromptTemplate => ({
  id: "p",
  title: "",
  description: "",
  content: "",
  category: "writing",
  tags: [],
  isPublic: true,
  userId: null,
  usageCount: 0,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
  isSystem: true,
  isOwned: false,
  ...over,
});

const email = prompt({ id: "a", title: "Email Writer", category: "business", tags: ["email"] });
const review = prompt({ id: "b", title: "Code Reviewer", category: "coding", content: "List bugs first" });

describe("filterPrompts", () => {
  it("keeps one category, or all", () => {
    expect(filterPrompts([email, review], { category: "coding", search: "" })).toEqual([review]);
    expect(filterPrompts([email, review], { category: "all", search: "" })).toEqual([email, review]);
  });

  it("searches title, tags, content and the category's name, every word, any case", () => {
    expect(filterPrompts([email, review], { category: "all", search: "EMAIL" })).toEqual([email]);
    expect(filterPrompts([email, review], { category: "all", search: "bugs list" })).toEqual([review]);
    expect(filterPrompts([email, review], { category: "all", search: "business" })).toEqual([email]);
    expect(filterPrompts([email, review], { category: "all", search: "email bugs" })).toEqual([]);
  });
});

describe("parseTags", () => {
  it("also finds a prompt by what its card shows in the reader's language", () => {
    const list = [
      prompt({ id: "a", category: "education", tags: ["study"] }),
      prompt({ id: "b", category: "writing", tags: ["blog"] }),
    ];
    const german = (p: PromptTemplate) =>
      p.category === "education"
        ? ["Bildung", ...p.tags.map((t) => (t === "study" ? "Studium" : t))]
        : ["Schreiben"];
    const ids = (search: string) => filterPrompts(list, { category: "all", search }, german).map((p) => p.id);
    expect(ids("bildung")).toEqual(["a"]);
    expect(ids("Studium")).toEqual(["a"]);
    expect(ids("study")).toEqual(["a"]);
    expect(filterPrompts(list, { category: "all", search: "Bildung" })).toEqual([]);
  });
  it("splits on commas, trims, drops blanks and repeats", () => {
    expect(parseTags(" email, Work ,, email ,WORK,x")).toEqual(["email", "Work", "x"]);
    expect(parseTags("  ")).toEqual([]);
  });
});
