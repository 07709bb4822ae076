// Radix gives focus back to a dialog's Trigger when it closes. Most of ours open from state (a button
// that also does other things, a menu item, a page that opens one on arrival) and have no Trigger,
// so focus fell to the page's body and a keyboard user started again from the top. The element that
// had focus as the dialog opened gets it back, if it is still on the page; a caller that moves focus
// itself (preventDefault in its own onCloseAutoFocus) keeps that.
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from "react";

/** For a Radix Content: `note` goes among its children, the handler is its onCloseAutoFocus. */
export function useFocusReturn(own?: (event: Event) => void): {
  note: ReactNode;
  onCloseAutoFocus: (event: Event) => void;
} {
  const opener = useRef<HTMLElement | null>(null);
  return {
    note: <NoteOpener into={opener} />,
    onCloseAutoFocus: (event) => {
      own?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}

/**
 * Mounted with the dialog's content, so as it opens: what had focus is read while rendering, before
 * the dialog (or an autofocused field in it) takes it.
 */
function NoteOpener({ into }: { into: RefObject<HTMLElement | null> }) {
  const [opener] = useState(() => {
    const active = document.activeElement;
    return active instanceof HTMLElement && active !== document.body ? active : null;
  });
  useLayoutEffect(() => {
    into.current = opener;
  }, [into, opener]);
  return null;
}
