import { act, fireEvent, render, screen } from "@testing-library/react";
import type { RefObject } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FOLLOW_DISTANCE_PX, INTENT_MS, useFollowEnd } from "./use-follow-end";

// jsdom lays nothing out: the scroller's heights are set by hand, its scrollTop is jsdom's own.
const CONTENT_PX = 2_000;
const VIEW_PX = 500;
const END = CONTENT_PX - VIEW_PX;

let follow: RefObject<boolean>;
let rejoin: () => void;
let measure: () => void;
let jumpToEnd: () => void;

function Scroller() {
  const hook = useFollowEnd();
  follow = hook.follow;
  rejoin = hook.rejoin;
  measure = hook.measure;
  jumpToEnd = hook.jumpToEnd;
  return (
    <div data-testid="scroller" ref={hook.scroller} {...hook.handlers}>
      <p>{hook.away ? "away from the end" : "at the end"}</p>
      <article>
        <button type="button">Copy</button>
        <textarea aria-label="Notes" />
      </article>
    </div>
  );
}

function setup() {
  render(<Scroller />);
  const el = screen.getByTestId("scroller");
  Object.defineProperty(el, "scrollHeight", { configurable: true, value: CONTENT_PX });
  Object.defineProperty(el, "clientHeight", { configurable: true, value: VIEW_PX });
  /** The view moved to `top`, and the browser says so. */
  const scrollTo = (top: number) => {
    el.scrollTop = top;
    fireEvent.scroll(el);
  };
  scrollTo(END);
  return { el, scrollTo };
}

beforeEach(() => vi.useFakeTimers({ toFake: ["performance"] }));
afterEach(() => vi.useRealTimers());

describe("following the end of the message list", () => {
  it("follows near the end and not further up, by the scroll position alone", () => {
    const { scrollTo } = setup();
    expect(follow.current).toBe(true);
    scrollTo(END - FOLLOW_DISTANCE_PX - 1);
    expect(follow.current).toBe(false);
    scrollTo(END - FOLLOW_DISTANCE_PX + 1);
    expect(follow.current).toBe(true);
  });

  it("stops following at the person's wheel upward, before the view has moved", () => {
    const { el } = setup();
    fireEvent.wheel(el, { deltaY: -30 });
    expect(follow.current).toBe(false);
  });

  it("does not follow again while the person's small steps up are still near the end", () => {
    const { el, scrollTo } = setup();
    for (let top = END - 20; top > END - FOLLOW_DISTANCE_PX; top -= 20) {
      fireEvent.wheel(el, { deltaY: -20 });
      scrollTo(top);
      expect(follow.current).toBe(false);
    }
    // Still near the end, the list moves the view up as it settles (a row measured shorter): not the
    // person's doing once their input is past, so the list follows again.
    vi.advanceTimersByTime(INTENT_MS + 1);
    scrollTo(END - 30);
    expect(follow.current).toBe(true);
  });

  it("follows again when the person comes back down to the end", () => {
    const { el, scrollTo } = setup();
    fireEvent.wheel(el, { deltaY: -40 });
    scrollTo(END - 40);
    expect(follow.current).toBe(false);
    fireEvent.wheel(el, { deltaY: 20 });
    scrollTo(END - 20);
    expect(follow.current).toBe(true);
  });

  it("stays where it is when the view moves down but not near the end", () => {
    const { el, scrollTo } = setup();
    fireEvent.wheel(el, { deltaY: -800 });
    scrollTo(END - 800);
    fireEvent.wheel(el, { deltaY: 300 });
    scrollTo(END - 500);
    expect(follow.current).toBe(false);
  });

  it("takes the keys that scroll up from a message, not from a field being typed in", () => {
    const { scrollTo } = setup();
    fireEvent.keyDown(screen.getByRole("textbox", { name: "Notes" }), { key: "ArrowUp" });
    expect(follow.current).toBe(true);
    for (const key of [
      { key: "ArrowUp" },
      { key: "PageUp" },
      { key: "Home" },
      { key: " ", shiftKey: true },
    ]) {
      scrollTo(END);
      expect(follow.current).toBe(true);
      fireEvent.keyDown(screen.getByRole("button", { name: "Copy" }), key);
      expect(follow.current, key.key).toBe(false);
    }
    // Keys down say the person is not on their way up: the list settling upward is not theirs.
    fireEvent.keyDown(screen.getByRole("button", { name: "Copy" }), { key: "End" });
    scrollTo(END);
    scrollTo(END - 10);
    expect(follow.current).toBe(true);
  });

  it("stops following when a finger drags the list down the screen (toward its start)", () => {
    const { el } = setup();
    fireEvent.touchStart(el, { touches: [{ clientY: 300 }] });
    fireEvent.touchMove(el, { touches: [{ clientY: 290 }] });
    expect(follow.current).toBe(true);
    fireEvent.touchMove(el, { touches: [{ clientY: 305 }] });
    expect(follow.current).toBe(false);
  });

  it("counts a move up after a press on the scrollbar as the person's", () => {
    const { el, scrollTo } = setup();
    fireEvent.pointerDown(screen.getByRole("button", { name: "Copy" }));
    scrollTo(END - 10);
    expect(follow.current).toBe(true);
    fireEvent.pointerDown(el);
    expect(follow.current).toBe(true);
    scrollTo(END - 20);
    expect(follow.current).toBe(false);
  });

  it("follows again at once when the person sends a message, whatever they did before", () => {
    const { el, scrollTo } = setup();
    fireEvent.wheel(el, { deltaY: -800 });
    scrollTo(END - 800);
    rejoin();
    expect(follow.current).toBe(true);
    // And the list's own moves after it are not taken for the earlier wheel's.
    scrollTo(END);
    scrollTo(END - 10);
    expect(follow.current).toBe(true);
  });

  it("is away from the end once not following with the end out of sight, and back with the jump", () => {
    const { el, scrollTo } = setup();
    const away = () => screen.queryByText("away from the end") !== null;
    // Moved up a little by the person: not following, the end still in reach.
    fireEvent.wheel(el, { deltaY: -40 });
    act(() => scrollTo(END - 40));
    expect(away()).toBe(false);
    // The answer grows below meanwhile: the list measures again, and the end is out of sight.
    Object.defineProperty(el, "scrollHeight", { configurable: true, value: CONTENT_PX + 400 });
    act(() => measure());
    expect(away()).toBe(true);

    act(() => jumpToEnd());
    expect(away()).toBe(false);
    expect(follow.current).toBe(true);
    expect(el.scrollTop).toBe(CONTENT_PX + 400);
  });

  it("is not away while it follows, however far the end", () => {
    const { el } = setup();
    Object.defineProperty(el, "scrollHeight", { configurable: true, value: CONTENT_PX * 3 });
    act(() => measure());
    expect(screen.getByText("at the end")).toBeTruthy();
  });
});
