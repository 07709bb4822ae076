import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "@tessera/contracts";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { Profiler, type ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Tooltip, TooltipContent, TooltipTrigger, placeTooltip } from "./tooltip";

function Tipped({ label, tip, extra }: { label: string; tip: ReactNode; extra?: Record<string, unknown> }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button type="button" {...extra}>
          {label}
        </button>
      </TooltipTrigger>
      <TooltipContent>{tip}</TooltipContent>
    </Tooltip>
  );
}

beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] }));
afterEach(() => vi.useRealTimers());

/** A synchronous step in act(): React's updates from it are done when it returns. */
const step = (run: () => void) => void act(run);

// Events as the browser sends them (React makes its pointer enter and leave from over and out).
const user = {
  hover: (el: Element) => fireEvent.pointerOver(el, { pointerType: "mouse" }),
  unhover: (el: Element) => fireEvent.pointerOut(el, { pointerType: "mouse" }),
  focus: (el: HTMLElement) => step(() => el.focus()),
  blur: (el: HTMLElement) => step(() => el.blur()),
  escape: () => fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" }),
  /** A click: the press, the focus it gives, the release. */
  click: (el: HTMLElement) => {
    fireEvent.pointerDown(el, { pointerType: "mouse" });
    step(() => el.focus());
    fireEvent.pointerUp(el, { pointerType: "mouse" });
    fireEvent.click(el);
  },
};
const wait = (ms: number) => step(() => vi.advanceTimersByTime(ms));
const tooltip = () => screen.queryByRole("tooltip");

describe("Tooltip", () => {
  it("shows after the delay on hover, describes its trigger while shown, and hides on leave", () => {
    render(<Tipped label="Prompt library" tip="Saved prompts" />);
    const trigger = screen.getByRole("button", { name: "Prompt library" });
    expect(tooltip()).toBeNull(); // nothing of it is in the page while hidden

    user.hover(trigger);
    wait(TOOLTIP_DELAY_MS - 50);
    expect(tooltip()).toBeNull();
    wait(50);
    expect(tooltip()?.textContent).toBe("Saved prompts");
    expect(trigger.getAttribute("aria-describedby")).toBe(tooltip()!.id);
    expect(document.getElementById(trigger.getAttribute("aria-describedby")!)).toBe(tooltip());

    user.unhover(trigger);
    expect(tooltip()).toBeNull();
    expect(trigger.hasAttribute("aria-describedby")).toBe(false);
  });

  it("a pointer that leaves before the delay shows nothing", () => {
    render(<Tipped label="Attach" tip="Attach files" />);
    user.hover(screen.getByRole("button", { name: "Attach" }));
    wait(TOOLTIP_DELAY_MS / 2);
    user.unhover(screen.getByRole("button", { name: "Attach" }));
    wait(TOOLTIP_DELAY_MS);
    expect(tooltip()).toBeNull();
  });

  it("shows at once on keyboard focus; Escape and blur hide it", () => {
    render(<Tipped label="Dictate" tip="Dictate a message" />);
    const trigger = screen.getByRole("button", { name: "Dictate" });
    user.focus(trigger);
    expect(tooltip()?.textContent).toBe("Dictate a message");
    user.escape();
    expect(tooltip()).toBeNull();
    user.blur(trigger);
    user.focus(trigger);
    expect(tooltip()).not.toBeNull();
    user.blur(trigger);
    expect(tooltip()).toBeNull();
  });

  it("takes an Escape for itself while shown: a dialog around it stays open, and gets the next one", () => {
    const dialogEscapes = vi.fn();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") dialogEscapes();
    };
    // As Radix's dialog listens: on the document, in the capture phase.
    document.addEventListener("keydown", onKey, { capture: true });
    try {
      render(<Tipped label="How auto-rate works" tip="The fastest answer gets five stars" />);
      user.focus(screen.getByRole("button", { name: "How auto-rate works" }));
      expect(tooltip()).not.toBeNull();
      user.escape();
      expect(tooltip()).toBeNull();
      expect(dialogEscapes).not.toHaveBeenCalled();
      user.escape();
      expect(dialogEscapes).toHaveBeenCalledTimes(1);
    } finally {
      document.removeEventListener("keydown", onKey, { capture: true });
    }
  });

  it("skips the delay for the next trigger just after one closed, not later", () => {
    render(
      <>
        <Tipped label="One" tip="First tip" />
        <Tipped label="Two" tip="Second tip" />
        <Tipped label="Three" tip="Third tip" />
      </>,
    );
    user.hover(screen.getByRole("button", { name: "One" }));
    wait(TOOLTIP_DELAY_MS);
    expect(tooltip()?.textContent).toBe("First tip");
    user.unhover(screen.getByRole("button", { name: "One" }));
    wait(TOOLTIP_SKIP_DELAY_MS - 50);
    user.hover(screen.getByRole("button", { name: "Two" }));
    expect(tooltip()?.textContent).toBe("Second tip");

    user.unhover(screen.getByRole("button", { name: "Two" }));
    wait(TOOLTIP_SKIP_DELAY_MS);
    user.hover(screen.getByRole("button", { name: "Three" }));
    expect(tooltip()).toBeNull();
    wait(TOOLTIP_DELAY_MS);
    expect(tooltip()?.textContent).toBe("Third tip");
  });

  it("a press on the trigger hides it, and the focus the press gives does not show it", () => {
    const onClick = vi.fn();
    render(<Tipped label="Send" tip="Send the message" extra={{ onClick }} />);
    const trigger = screen.getByRole("button", { name: "Send" });
    user.hover(trigger);
    wait(TOOLTIP_DELAY_MS);
    expect(tooltip()).not.toBeNull();
    user.click(trigger);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(trigger);
    expect(tooltip()).toBeNull();
  });

  it("keeps the trigger's own handlers and description, and its own preventDefault keeps it hidden", () => {
    const onFocus = vi.fn();
    const onPointerEnter = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <>
        <p id="hint">Plan needed</p>
        <Tipped
          label="Locked"
          tip="Upgrade to use it"
          extra={{ onFocus, onPointerEnter, "aria-describedby": "hint" }}
        />
      </>,
    );
    const trigger = screen.getByRole("button", { name: "Locked" });
    user.hover(trigger);
    wait(TOOLTIP_DELAY_MS);
    expect(onPointerEnter).toHaveBeenCalled();
    expect(tooltip()).toBeNull();
    step(() => trigger.focus());
    expect(onFocus).toHaveBeenCalledTimes(1);
    expect(trigger.getAttribute("aria-describedby")).toBe(`hint ${tooltip()!.id}`);
  });

  it("mounts in one commit: nothing of it sets state as it mounts", () => {
    const commits: string[] = [];
    render(
      <Profiler id="tips" onRender={(_id, phase) => commits.push(phase)}>
        <Tipped label="One" tip="First tip" />
        <Tipped label="Two" tip="Second tip" />
      </Profiler>,
    );
    wait(TOOLTIP_DELAY_MS * 2);
    expect(commits).toEqual(["mount"]);
  });
});

describe("placeTooltip", () => {
  const view = { width: 1000, height: 800 };
  const size = { width: 120, height: 30 };
  const rect = (left: number, top: number, width = 40, height = 40) =>
    ({ left, top, width, height, right: left + width, bottom: top + height }) as DOMRect;

  it("puts it on the side asked for, centred on the trigger", () => {
    expect(placeTooltip(rect(400, 400), size, "top", 6, view)).toEqual({ side: "top", left: 360, top: 364 });
    expect(placeTooltip(rect(400, 400), size, "right", 6, view)).toEqual({
      side: "right",
      left: 446,
      top: 405,
    });
  });

  it("on the other side when the one asked for has no room, and inside the window", () => {
    expect(placeTooltip(rect(10, 10), size, "top", 6, view)).toEqual({ side: "bottom", left: 8, top: 56 });
    expect(placeTooltip(rect(960, 400), size, "right", 6, view)).toEqual({
      side: "left",
      left: 834,
      top: 405,
    });
    expect(placeTooltip(rect(960, 760), size, "bottom", 6, view)).toEqual({
      side: "top",
      left: 872,
      top: 724,
    });
  });
});
