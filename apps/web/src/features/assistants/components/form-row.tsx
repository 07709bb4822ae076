import { useId, type ReactNode } from "react";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/**
 * A labelled control of the assistant form. The control receives the id the label points at and
 * the id of its hint, so any input, textarea or select trigger is named by the visible label.
 */
export function FormRow({
  label,
  hint,
  aside,
  className,
  children,
}: {
  label: string;
  hint?: ReactNode;
  /** Shown at the right of the label (a current value, say). */
  aside?: ReactNode;
  className?: string;
  children: (ids: { id: string; hintId: string | undefined }) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cn("flex min-w-0 flex-col gap-2", className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children({ id, hintId })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
