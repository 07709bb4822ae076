import { TriangleAlert } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
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

const measure = (id: string, length: number, max: number): LengthLimit => ({
  id,
  length,
  max,
  shown: length >= max * COUNT_FROM,
  tooLong: length > max,
});

/**
 * A text's character limit, counted as the server counts it (`length`: here, what will be sent).
 * The field is given `lengthFieldProps(limit)`, and `<LengthNote>` says the count from 90% of the
 * limit on and, over it, what to do. Nothing is cut: a pasted text stays whole until the person
 * shortens it.
 */
export function useLengthLimit(length: number, max: number): LengthLimit {
  return measure(useId(), length, max);
}

/**
 * A form's texts against their limits, each counted trimmed as the server counts it. A form with one
 * `tooLong` is not sent: `focusFirstTooLong` shows the field to shorten instead.
 */
export function useTextLimits<K extends string>(
  texts: Record<NoInfer<K>, string>,
  maxes: Record<K, number>,
): { limits: Record<K, LengthLimit>; tooLong: boolean } {
  const id = useId();
  const keys = Object.keys(maxes) as K[];
  const limits = Object.fromEntries(
    keys.map((key) => [key, measure(`${id}-${key}`, texts[key].trim().length, maxes[key])]),
  ) as Record<K, LengthLimit>;
  return { limits, tooLong: keys.some((key) => limits[key].tooLong) };
}

/**
 * What a field is given: aria-invalid over its limit, and the count added to what describes it
 * (`describedBy`, its hint) while the count is shown. Without a limit, the hint alone.
 */
export function lengthFieldProps(limit: LengthLimit | undefined, describedBy?: string) {
  const ids = [describedBy, limit?.shown ? limit.id : undefined].filter(Boolean).join(" ");
  return { "aria-invalid": limit?.tooLong || undefined, "aria-describedby": ids || undefined };
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
  verb: "save" | "send";
  advice?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!limit.shown) return null;
  const [length, max] = [formatCount(limit.length), formatCount(limit.max)];
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
        ? `${t(`lengthLimit.tooLong.${verb}`, { length, max })} ${advice ?? t(`lengthLimit.advice.${verb}`)}`
        : t("lengthLimit.count", { length, max })}
    </p>
  );
}
