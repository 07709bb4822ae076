// Scroll areas (the `scroll-area` utility, theme.css) show their scrollbar while they scroll or are
// pointed at, and hide it SCROLLBAR_HIDE_DELAY_MS (contracts) later: the stylesheet holds the delay,
// this marks an area as scrolling (`data-scrolling`) from its first scroll event to its scrollend.
// One listener on the document serves every area, those mounted later included.

export const SCROLL_AREA_CLASS = "scroll-area";
export const SCROLLING_ATTRIBUTE = "data-scrolling";

/** Where a browser sends no scrollend, a scroll counts as ended after this long without another. */
export const SCROLL_QUIET_MS = 150;

/** Starts marking scroll areas under `doc` as they scroll; returns the way to stop. */
export function markScrollingAreas(doc: Document = document): () => void {
  const view = doc.defaultView;
  const hasScrollEnd = view !== null && "onscrollend" in view;
  const quiet = new WeakMap<Element, ReturnType<typeof setTimeout>>();
  const area = (target: EventTarget | null) =>
    target instanceof Element && target.classList.contains(SCROLL_AREA_CLASS) ? target : null;
  const ended = (el: Element) => el.removeAttribute(SCROLLING_ATTRIBUTE);

  const onScroll = (event: Event) => {
    const el = area(event.target);
    if (!el) return;
    if (!el.hasAttribute(SCROLLING_ATTRIBUTE)) el.setAttribute(SCROLLING_ATTRIBUTE, "");
    if (hasScrollEnd) return;
    clearTimeout(quiet.get(el));
    quiet.set(
      el,
      setTimeout(() => ended(el), SCROLL_QUIET_MS),
    );
  };
  const onScrollEnd = (event: Event) => {
    const el = area(event.target);
    if (el) ended(el);
  };
  // Scroll events do not bubble: caught on their way down.
  doc.addEventListener("scroll", onScroll, { capture: true, passive: true });
  doc.addEventListener("scrollend", onScrollEnd, { capture: true, passive: true });
  return () => {
    doc.removeEventListener("scroll", onScroll, { capture: true });
    doc.removeEventListener("scrollend", onScrollEnd, { capture: true });
  };
}
