// A tooltip after the WAI-ARIA tooltip pattern, in place of Radix's (which brought floating-ui and its
// layers into every signed-in page's first code, ~13 KB gzip, and a second commit as each mounted).
// It shows TOOLTIP_DELAY_MS after the pointer comes onto its trigger, or at once when another closed
// less than TOOLTIP_SKIP_DELAY_MS before, and at once on keyboard focus; leaving, blurring, pressing the
// trigger, Escape (the tooltip's alone: a dialog around it stays) or a scroll around it hide it. While
// shown it describes its trigger (aria-describedby). It sits beside the trigger on the side asked for,
// on the other side when that one has no room, and inside the window. Nothing of it is mounted while
// it is hidden.
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "@tessera/contracts";
import {
  cloneElement,
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactElement,
  type ReactNode,
  type Ref,
  type SyntheticEvent,
} from "react";
import { createPortal } from "react-dom";
import { cn } from "@/lib/utils";

type Side = "top" | "right" | "bottom" | "left";

/** Room kept between a tooltip and the window's edges, in px. */
const EDGE = 8;

/** When a tooltip last closed: the next one shown within TOOLTIP_SKIP_DELAY_MS skips the delay. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

interface TooltipControls {
  /** The pointer came onto the trigger: shown after the delay, unless one closed just now. */
  hover: () => void;
  show: () => void;
  hide: () => void;
  /** The trigger was pressed: hidden, and the focus that follows does not show it. */
  press: () => void;
  /** Between a press on the trigger and the pointer's release. */
  pressed: () => boolean;
  trigger: { current: HTMLElement | null };
}

interface TooltipState {
  open: boolean;
  /** The content's id: the trigger's description while shown. */
  contentId: string;
  controls: TooltipControls;
}

const TooltipContext = createContext<TooltipState | null>(null);

function useTooltip(): TooltipState {
  const tooltip = useContext(TooltipContext);
  if (!tooltip) throw new Error("Tooltip parts must be inside <Tooltip>.");
  return tooltip;
}

function tooltipControls(setOpen: (open: boolean) => void): TooltipControls & { dispose: () => void } {
  let timer: number | undefined;
  let shown = false;
  let pressed = false;
  const show = () => {
    window.clearTimeout(timer);
    shown = true;
    setOpen(true);
  };
  const hide = () => {
    window.clearTimeout(timer);
    if (shown) lastClosedAt = performance.now();
    shown = false;
    setOpen(false);
  };
  return {
    hover: () => {
      if (shown) return;
      if (performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) return show();
      window.clearTimeout(timer);
      timer = window.setTimeout(show, TOOLTIP_DELAY_MS);
    },
    show,
    hide,
    press: () => {
      pressed = true;
      hide();
      document.addEventListener("pointerup", () => (pressed = false), { once: true });
    },
    pressed: () => pressed,
    trigger: { current: null },
    dispose: () => window.clearTimeout(timer),
  };
}

export function Tooltip({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const contentId = useId();
  const [controls] = useState(() => tooltipControls(setOpen));
  useEffect(() => controls.dispose, [controls]);
  return <TooltipContext.Provider value={{ open, contentId, controls }}>{children}</TooltipContext.Provider>;
}

/** Calls the element's own handler, then ours unless its own prevented the default. */
function compose<E extends SyntheticEvent>(own: ((event: E) => void) | undefined, ours: (event: E) => void) {
  return (event: E) => {
    own?.(event);
    if (!event.defaultPrevented) ours(event);
  };
}

function setRef<T>(ref: Ref<T> | undefined, value: T) {
  if (typeof ref === "function") ref(value);
  else if (ref) ref.current = value;
}

/** What the trigger's element takes: its own handlers of these run before the tooltip's. */
type TriggerProps = Pick<
  HTMLAttributes<HTMLElement>,
  "onPointerEnter" | "onPointerLeave" | "onPointerDown" | "onFocus" | "onBlur" | "aria-describedby"
> & { ref?: Ref<HTMLElement> };
export type TooltipTriggerChild = ReactElement<TriggerProps>;

/** Its one child (an element that takes focus) is the trigger: it gets the tooltip's handlers and description. */
export function TooltipTrigger({ children }: { asChild: true; children: TooltipTriggerChild }) {
  const { open, contentId, controls } = useTooltip();
  const own = children.props;
  const described = [own["aria-describedby"], open ? contentId : null].filter(Boolean).join(" ");
  return cloneElement(children, {
    ref: (node: HTMLElement | null) => {
      controls.trigger.current = node;
      setRef(own.ref, node);
    },
    "aria-describedby": described || undefined,
    onPointerEnter: compose(own.onPointerEnter, (event) => {
      if (event.pointerType !== "touch") controls.hover();
    }),
    onPointerLeave: compose(own.onPointerLeave, controls.hide),
    onPointerDown: compose(own.onPointerDown, controls.press),
    onFocus: compose(own.onFocus, () => {
      if (!controls.pressed()) controls.show();
    }),
    onBlur: compose(own.onBlur, controls.hide),
  });
}

/** Where the content goes: beside `anchor` on `side`, or the opposite side when `side` has no room. */
export function placeTooltip(
  anchor: DOMRect,
  size: { width: number; height: number },
  side: Side,
  offset: number,
  view: { width: number; height: number },
): { left: number; top: number; side: Side } {
  const fits: Record<Side, boolean> = {
    top: anchor.top - offset - size.height >= EDGE,
    bottom: anchor.bottom + offset + size.height <= view.height - EDGE,
    left: anchor.left - offset - size.width >= EDGE,
    right: anchor.right + offset + size.width <= view.width - EDGE,
  };
  const opposite: Record<Side, Side> = { top: "bottom", bottom: "top", left: "right", right: "left" };
  const placed = fits[side] || !fits[opposite[side]] ? side : opposite[side];
  const clamp = (value: number, span: number, room: number) =>
    Math.max(EDGE, Math.min(value, room - span - EDGE));
  if (placed === "top" || placed === "bottom")
    return {
      side: placed,
      left: clamp(anchor.left + anchor.width / 2 - size.width / 2, size.width, view.width),
      top: placed === "top" ? anchor.top - offset - size.height : anchor.bottom + offset,
    };
  return {
    side: placed,
    left: placed === "left" ? anchor.left - offset - size.width : anchor.right + offset,
    top: clamp(anchor.top + anchor.height / 2 - size.height / 2, size.height, view.height),
  };
}

export function TooltipContent({
  className,
  side = "top",
  sideOffset = 6,
  children,
}: {
  className?: string;
  side?: Side;
  sideOffset?: number;
  children: ReactNode;
}) {
  const { open, contentId, controls } = useTooltip();
  const content = useRef<HTMLDivElement>(null);

  // Placed before it is painted, and again as the window changes under it.
  useLayoutEffect(() => {
    const node = content.current;
    const anchor = controls.trigger.current;
    if (!open || !node || !anchor) return;
    const place = () => {
      const at = placeTooltip(
        anchor.getBoundingClientRect(),
        { width: node.offsetWidth, height: node.offsetHeight },
        side,
        sideOffset,
        { width: window.innerWidth, height: window.innerHeight },
      );
      node.style.left = `${at.left}px`;
      node.style.top = `${at.top}px`;
      node.dataset.side = at.side;
    };
    place();
    // Before anything else hears it (a dialog around the trigger listens on the document): the
    // Escape is the tooltip's alone, as the topmost layer's.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.stopImmediatePropagation();
      controls.hide();
    };
    const onScroll = (event: Event) => {
      if (event.target instanceof Node && event.target.contains(anchor)) controls.hide();
    };
    window.addEventListener("keydown", onKey, { capture: true });
    window.addEventListener("scroll", onScroll, { capture: true, passive: true });
    window.addEventListener("resize", place);
    return () => {
      window.removeEventListener("keydown", onKey, { capture: true });
      window.removeEventListener("scroll", onScroll, { capture: true });
      window.removeEventListener("resize", place);
    };
  }, [open, side, sideOffset, controls]);

  if (!open) return null;
  return createPortal(
    <div
      ref={content}
      id={contentId}
      role="tooltip"
      data-slot="tooltip-content"
      className={cn(
        "pointer-events-none fixed top-0 left-0 z-50 w-max max-w-[calc(100vw-16px)] animate-fade-in rounded-md bg-foreground px-2.5 py-1.5 text-xs font-medium text-background shadow-md",
        className,
      )}
    >
      {children}
    </div>,
    document.body,
  );
}
