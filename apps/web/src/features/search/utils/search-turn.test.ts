// What a search's stream events say on the page: its steps worded in the reader's language, whatever
// English the server put in the event's message.
import { afterEach, describe, expect, it } from "vitest";
import { changeLanguage } from "@/lib/i18n";
import { nothingFound, searchEventMeaning } from "./search-turn";

const statusAfter = (event: Parameters<typeof searchEventMeaning>[1]) => {
  const meaning = searchEventMeaning(nothingFound(), event);
  return meaning.type === "grew" ? meaning.value.status : null;
};

const WEB = { type: "searching", message: "Searching the web...", provider: "searxng" } as const;
const WORKSPACE = { type: "searching", message: "Searching your workspace...", provider: "local" } as const;
const reading = (pages: number) =>
  ({ type: "searching", message: "Reading the top pages...", provider: "searxng", pages }) as const;

describe("a search's steps", () => {
  afterEach(() => changeLanguage("en"));

  it("keep the English wording in English", () => {
    expect(statusAfter(WEB)).toBe("Searching the web...");
    expect(statusAfter(WORKSPACE)).toBe("Searching your workspace...");
    expect(statusAfter(reading(1))).toBe("Reading the top page...");
    expect(statusAfter(reading(3))).toBe("Reading the top 3 pages...");
  });

  it("are worded in the reader's language, with its plurals", async () => {
    await changeLanguage("de");
    expect(statusAfter(WEB)).toBe("Das Web wird durchsucht …");
    expect(statusAfter(WORKSPACE)).toBe("Ihr Arbeitsbereich wird durchsucht …");
    expect(statusAfter(reading(3))).toBe("Die besten 3 Seiten werden gelesen …");
    await changeLanguage("ar");
    expect(statusAfter(reading(2))).toBe("جارٍ قراءة أفضل صفحتين...");
    expect(statusAfter(reading(3))).toBe("جارٍ قراءة أفضل 3 صفحات...");
  });
});
