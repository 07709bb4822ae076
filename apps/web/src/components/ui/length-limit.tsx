import { TriangleAlert } from "lucide-react";
import { useId } from "react";
import { cn, formatCount } from "@/lib/utils";

/** From this share of its limit on, a text shows how many characters it has. */
const COUNT_FROM = 0.9;

export interface LengthLimit {
  /** The count's element, which describes the field while it is shown. */
  id: string;
  length: number;
  max: number;
  shown: boolean;
  tooLong: boolean;
}

/**
 * A text field's character limit, counted as the server counts it (`length`: of the trimmed text,
 * or of what will be sent). The field is given `fieldProps(limit, hintId)`, and `<LengthNote>`
 * says the count from 90% of the limit on and, over it, what to do. Nothing is cut: a pasted text
 * stays whole until the person shortens it. A form given such a text is not sent (focusFirstTooLong).
 */
export function useLengthLimit(length: number, max: number): LengthLimit {
  const id = useId();
  return { id, length, max, shown: length >= max * COUNT_FROM, tooLong: length > max };
}

/** aria-invalid over the limit, and the count added to what describes the field while it is shown. */
export function lengthFieldProps(limit: LengthLimit, describedBy?: string) {
  const ids = [describedBy, limit.shown ? limit.id : undefined].filter(Boolean).join(" ");
  return { "aria-invalid": limit.tooLong || undefined, "aria-describedby": ids || undefined };
}

/**
 * A form with a text over its limit is not sent: its first such field takes the focus instead (and
 * scrolls into view), so the person sees which one to shorten and hears its count.
 */
export function focusFirstTooLong(form: HTMLFormElement): void {
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/**
 * "9,100 / 10,000 characters", and over the limit "Too long to save: 10,234 of 10,000 characters.
 * Shorten it to save it." (`verb`: what the limit stops; `advice`: the second sentence, if not that).
 */
export function LengthNote({
  limit,
  verb,
  advice,
  className,
}: {
  limit: LengthLimit;
  verb: string;
  advice?: string;
  className?: string;
}) {
  if (!limit.shown) return null;
  const of = `${formatCount(limit.length)} of ${formatCount(limit.max)} characters`;
  return (
    <p
      id={limit.id}
      aria-live="polite"
      className={cn(
        "flex items-center gap-2 text-xs tabular-nums",
        limit.tooLong ? "text-destructive" : "text-muted-foreground",
        className,
      )}
    >
      {limit.tooLong ? <TriangleAlert className="size-3.5 shrink-0" aria-hidden="true" /> : null}
      {limit.tooLong
        ? `Too long to ${verb}: ${of}. ${advice ?? `Shorten it to ${verb} it.`}`
        : `${formatCount(limit.length)} / ${formatCount(limit.max)} characters`}
    </p>
  );
}
