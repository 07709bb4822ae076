import { afterEach, describe, expect, it, vi } from "vitest";
import { markScrollingAreas, SCROLL_AREA_CLASS, SCROLL_QUIET_MS, SCROLLING_ATTRIBUTE } from "./scroll-areas";

let stop = () => {};
afterEach(() => {
  stop();
  document.body.replaceChildren();
  vi.useRealTimers();
  Reflect.deleteProperty(window, "onscrollend");
});

/** A scroll area with a child that scrolls too, but is no area. */
function panels() {
  const area = document.createElement("div");
  area.className = `${SCROLL_AREA_CLASS} overflow-y-auto`;
  const inner = document.createElement("pre");
  area.append(inner);
  document.body.append(area);
  return { area, inner };
}

const scrolling = (el: Element) => el.hasAttribute(SCROLLING_ATTRIBUTE);

describe("scroll areas marked while they scroll", () => {
  it("marks an area from its first scroll event to its scrollend, and nothing else", () => {
    Object.defineProperty(window, "onscrollend", { configurable: true, value: null });
    stop = markScrollingAreas(document);
    const { area, inner } = panels();
    area.dispatchEvent(new Event("scroll"));
    expect(scrolling(area)).toBe(true);
    // A scrolling element inside it that is not an area of its own is left alone.
    inner.dispatchEvent(new Event("scroll"));
    expect(scrolling(inner)).toBe(false);
    area.dispatchEvent(new Event("scroll"));
    expect(scrolling(area)).toBe(true);
    area.dispatchEvent(new Event("scrollend"));
    expect(scrolling(area)).toBe(false);
  });

  it("ends the mark after a quiet spell where the browser sends no scrollend", () => {
    vi.useFakeTimers();
    stop = markScrollingAreas(document);
    const { area } = panels();
    area.dispatchEvent(new Event("scroll"));
    vi.advanceTimersByTime(SCROLL_QUIET_MS - 10);
    area.dispatchEvent(new Event("scroll"));
    vi.advanceTimersByTime(SCROLL_QUIET_MS - 10);
    expect(scrolling(area)).toBe(true);
    vi.advanceTimersByTime(20);
    expect(scrolling(area)).toBe(false);
  });

  it("marks areas mounted after it started, and stops when told", () => {
    Object.defineProperty(window, "onscrollend", { configurable: true, value: null });
    stop = markScrollingAreas(document);
    const { area } = panels();
    area.dispatchEvent(new Event("scroll"));
    expect(scrolling(area)).toBe(true);
    area.dispatchEvent(new Event("scrollend"));
    stop();
    area.dispatchEvent(new Event("scroll"));
    expect(scrolling(area)).toBe(false);
  });
});
