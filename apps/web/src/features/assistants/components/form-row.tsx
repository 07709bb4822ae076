import { useId, type ReactNode } from "react";
import { Label } from "@/components/ui/label";
import { lengthFieldProps, LengthNote, type LengthLimit } from "@/components/ui/length-limit";
import { cn } from "@/lib/utils";

/**
 * A labelled control of the assistant form. The control receives the id the label points at and
 * the ids that describe it (its hint, and its character count while shown), so any input, textarea
 * or select trigger is named by the visible label. With a `limit` the row shows the count under
 * the control, which is to be marked `invalid` over it.
 */
export function FormRow({
  label,
  hint,
  aside,
  limit,
  className,
  children,
}: {
  label: string;
  hint?: ReactNode;
  /** Shown at the right of the label (a current value, say). */
  aside?: ReactNode;
  limit?: LengthLimit;
  className?: string;
  children: (ids: { id: string; hintId: string | undefined; invalid: true | undefined }) => ReactNode;
}) {
  const id = useId();
  const ownHintId = hint ? `${id}-hint` : undefined;
  const field = lengthFieldProps(limit, ownHintId);
  return (
    <div className={cn("flex min-w-0 flex-col gap-2", className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children({ id, hintId: field["aria-describedby"], invalid: field["aria-invalid"] })}
      {hint ? (
        <p id={ownHintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {limit ? <LengthNote limit={limit} verb="save" /> : null}
    </div>
  );
}
