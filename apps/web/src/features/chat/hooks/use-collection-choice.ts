// The knowledge bases a chat is asked to answer from: chosen by typing `#` in the composer (a picker
// of the person's collections, driven by the keyboard) or in the Tools popover; sent with each
// message as `collectionIds` until removed.
import { COLLECTIONS_PER_CHAT_MAX, type CollectionSummary } from "@tessera/contracts";
import { useCallback, useLayoutEffect, useState, type KeyboardEvent, type RefObject } from "react";
import { useCollections } from "@/lib/collections-api";

export type ChosenCollection = Pick<CollectionSummary, "id" | "name">;

/** The ids of the picker's list and options, for the message box's aria attributes. */
export const PICKER_ID = "collection-picker";
export const optionId = (id: string) => `collection-option-${id}`;

/** The `#words` being typed just before the caret, if any: where it starts and what it says. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const match = /(?:^|\s)#([^\s#]*)$/.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[1]!.length - 1, query: match[1]! };
}

export function useCollectionChoice({
  text,
  setText,
  box,
}: {
  text: string;
  setText: (text: string) => void;
  box: RefObject<HTMLTextAreaElement | null>;
}) {
  const [chosen, setChosen] = useState<ChosenCollection[]>([]);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  // Escape closes the picker for the `#` it was opened by; a new `#` opens it again.
  const [dismissed, setDismissed] = useState<number | null>(null);
  useLayoutEffect(() => {
    setCaret(box.current?.selectionStart ?? text.length);
  }, [text, box]);

  const mention = mentionAt(text, caret);
  const open = mention !== null && mention.start !== dismissed;
  const collections = useCollections(open || chosen.length > 0);
  const taken = new Set(chosen.map((c) => c.id));
  const query = mention?.query.toLowerCase() ?? "";
  const options = open
    ? (collections.data ?? []).filter((c) => !taken.has(c.id) && c.name.toLowerCase().includes(query))
    : [];
  const current = Math.min(active, Math.max(0, options.length - 1));

  const add = useCallback(
    (c: ChosenCollection) =>
      setChosen((list) =>
        list.some((x) => x.id === c.id) || list.length >= COLLECTIONS_PER_CHAT_MAX
          ? list
          : [...list, { id: c.id, name: c.name }],
      ),
    [],
  );
  const remove = useCallback((id: string) => setChosen((list) => list.filter((c) => c.id !== id)), []);

  /** Takes the picked collection into the chat and the `#words` out of the message. */
  const pick = (c: ChosenCollection) => {
    if (!mention) return;
    add(c);
    const rest = text.slice(mention.start + 1 + mention.query.length);
    const before = text.slice(0, mention.start);
    setText(before + rest.replace(/^ /, ""));
    setActive(0);
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(before.length, before.length);
    });
  };

  /** The picker's keys while it is open; true when the key was its own. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open) return false;
    if (event.key === "Escape") {
      event.preventDefault();
      setDismissed(mention.start);
      return true;
    }
    if (options.length === 0) return false;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current + step + options.length) % options.length);
      return true;
    }
    if ((event.key === "Enter" && !event.shiftKey) || event.key === "Tab") {
      event.preventDefault();
      pick(options[current]!);
      return true;
    }
    return false;
  };

  return {
    chosen,
    ids: chosen.map((c) => c.id),
    add,
    remove,
    /** Chosen ones, toggled from the Tools popover. */
    toggle: (c: ChosenCollection, on: boolean) => (on ? add(c) : remove(c.id)),
    picker: {
      open,
      options,
      active: current,
      loading: open && collections.isPending,
      failed: open && collections.isError,
      pick,
      setActive,
    },
    onKeyDown,
    onSelect: () => setCaret(box.current?.selectionStart ?? text.length),
  };
}
