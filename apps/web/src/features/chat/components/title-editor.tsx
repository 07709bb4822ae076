// A conversation's title being renamed, in Recent Chats and in the chat's header.
import { CONVERSATION_TITLE_MAX, oneLine } from "@tessera/contracts";
import { Pencil } from "lucide-react";
import { useRef, useState, type KeyboardEvent } from "react";
import { Input } from "@/components/ui/input";
import { OWN_ESCAPE } from "@/components/ui/own-escape";
import { cn } from "@/lib/utils";
import { useTranslation } from "react-i18next";

/** The title box that stands in for the title while renaming: Enter or leaving it saves, Escape cancels. */
export function TitleEditor({
  initial,
  onDone,
  className,
}: {
  initial: string;
  /** The new title, or null when nothing is to change (Escape, blank, or the same title). */
  onDone: (title: string | null, byKey: boolean) => void;
  className?: string;
}) {
  const { t } = useTranslation("chat");
  const finished = useRef(false);
  const finish = (value: string | null, byKey: boolean) => {
    if (finished.current) return;
    finished.current = true;
    const title = oneLine(value ?? "");
    onDone(title && title !== initial ? title : null, byKey);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape") {
      // Only the rename is cancelled, not the sheet the list may be in (OWN_ESCAPE).
      event.preventDefault();
      finish(null, true);
    } else if (event.key === "Enter") {
      event.preventDefault();
      finish(event.currentTarget.value, true);
    }
  };
  return (
    <div className={cn("flex items-center gap-2.5 rounded-lg bg-accent/70 py-1.5 ps-2.5 pe-1.5", className)}>
      <Pencil className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <Input
        {...OWN_ESCAPE}
        aria-label={t("editor.title")}
        defaultValue={initial}
        maxLength={CONVERSATION_TITLE_MAX}
        autoFocus
        onFocus={(e) => e.currentTarget.select()}
        onKeyDown={onKeyDown}
        onBlur={(e) => finish(e.currentTarget.value, false)}
        className="h-8 bg-background px-2"
      />
    </div>
  );
}

/**
 * A title renamed in place: `start` swaps in the box, `done` (its onDone) saves through `save`, and the
 * title being saved is `saving` until the conversation's queries have it. Focus goes back to `pencil`
 * when the box was left by a key.
 */
export function useTitleRename(save: (title: string) => Promise<unknown>) {
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState<string | null>(null);
  const pencil = useRef<HTMLButtonElement>(null);
  const done = (next: string | null, byKey: boolean) => {
    setEditing(false);
    if (byKey) requestAnimationFrame(() => pencil.current?.focus());
    if (next === null) return;
    setSaving(next);
    void save(next).finally(() => setSaving(null));
  };
  return { editing, start: () => setEditing(true), saving, pencil, done };
}
