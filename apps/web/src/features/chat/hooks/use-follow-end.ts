// Whether the message list follows its end (new messages, an answer as it is written) or stays where
// the person took it. The scroll event alone cannot tell: a touchpad or a smooth wheel moves the view
// up a few pixels a frame, still near the end, and an answer written meanwhile would bring it back
// down at every piece, so the person could never leave. The person's own input says where they are
// heading before the view has moved: upward, and the list stops following until they are back.
// Away from the end, the person is offered the way back to it (`away`, `jumpToEnd`).
import {
  useCallback,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type TouchEvent,
} from "react";

/** Within this distance of the end (px), the list follows it. */
export const FOLLOW_DISTANCE_PX = 96;

/** For this long after the person's own input, a move up is theirs, not the list's settling (ms). */
export const INTENT_MS = 1_000;

const UP_KEYS = new Set(["ArrowUp", "PageUp", "Home"]);
const DOWN_KEYS = new Set(["ArrowDown", "PageDown", "End", " "]);

/** Where the person's input takes the view: "either" is a press on the scrollbar. */
type Heading = "up" | "down" | "either";

const isEditable = (target: EventTarget) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target.tagName === "INPUT" || target.tagName === "TEXTAREA");

export function useFollowEnd() {
  /** The list's scrolling element, for the handlers' owner to attach. */
  const scroller = useRef<HTMLDivElement>(null);
  /** Read by the list before each of its scrolls to the end. */
  const follow = useRef(true);
  /** When the person last moved the view up, or may have. */
  const upAt = useRef(Number.NEGATIVE_INFINITY);
  const lastTop = useRef(0);
  const touchY = useRef<number | null>(null);
  /** Not following, and the end out of sight: the list offers the way back to it. */
  const [away, setAway] = useState(false);

  /** Reads `away` off the scroller: after a scroll, and after the list grew while not following. */
  const measure = useCallback(() => {
    const el = scroller.current;
    if (el)
      setAway(!follow.current && el.scrollHeight - el.scrollTop - el.clientHeight >= FOLLOW_DISTANCE_PX);
  }, []);

  /** The person is scrolling: heading up, the list stops following at once. */
  const heading = useCallback((way: Heading) => {
    upAt.current = way === "down" ? Number.NEGATIVE_INFINITY : performance.now();
    if (way === "up") follow.current = false;
  }, []);

  /** Follow the end again, whatever the person did before (they just sent a message). */
  const rejoin = useCallback(() => {
    follow.current = true;
    upAt.current = Number.NEGATIVE_INFINITY;
    setAway(false);
  }, []);

  /** Takes the view to the end and follows it again (the list measures what it renders there). */
  const jumpToEnd = useCallback(() => {
    rejoin();
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [rejoin]);

  const handlers = useMemo(
    () => ({
      onScroll(event: { currentTarget: HTMLElement }) {
        const el = event.currentTarget;
        const movedUp = el.scrollTop < lastTop.current;
        lastTop.current = el.scrollTop;
        const nearEnd = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_DISTANCE_PX;
        const theirs = performance.now() - upAt.current < INTENT_MS;
        follow.current = nearEnd && !(movedUp && theirs);
        measure();
      },
      onWheel(event: { deltaY: number }) {
        if (event.deltaY !== 0) heading(event.deltaY < 0 ? "up" : "down");
      },
      onKeyDown(event: KeyboardEvent<HTMLElement>) {
        if (isEditable(event.target)) return;
        if (UP_KEYS.has(event.key) || (event.key === " " && event.shiftKey)) heading("up");
        else if (DOWN_KEYS.has(event.key)) heading("down");
      },
      onTouchStart(event: TouchEvent<HTMLElement>) {
        touchY.current = event.touches[0]?.clientY ?? null;
      },
      onTouchMove(event: TouchEvent<HTMLElement>) {
        const y = event.touches[0]?.clientY;
        if (y === undefined || touchY.current === null) return;
        // A finger moving down the screen scrolls the list toward its start.
        if (y !== touchY.current) heading(y > touchY.current ? "up" : "down");
        touchY.current = y;
      },
      // A press on the scroller itself, not on a message: its scrollbar, which may go either way.
      onPointerDown(event: PointerEvent<HTMLElement>) {
        if (event.target === event.currentTarget) heading("either");
      },
    }),
    [heading, measure],
  );

  return { scroller, follow, rejoin, handlers, away, measure, jumpToEnd };
}
