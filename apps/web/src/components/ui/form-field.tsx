import { useId, type ComponentProps, type ReactNode } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { lengthFieldProps, LengthNote, type LengthLimit } from "@/components/ui/length-limit";
import { cn } from "@/lib/utils";

interface FormFieldProps extends Omit<ComponentProps<typeof Input>, "id"> {
  label: string;
  /** Shown under the input and tied to it with aria-describedby. */
  hint?: ReactNode;
  /** Something at the right of the label row, such as a "Forgot password?" link. */
  labelAside?: ReactNode;
  /** A character limit: the count shows under the input from 90% of it on (length-limit.tsx). */
  limit?: LengthLimit;
}

/** A labelled input: the label is always visible and names the input. */
export function FormField({ label, hint, labelAside, limit, className, ...inputProps }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <Input id={id} {...lengthFieldProps(limit, hintId)} {...inputProps} />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {limit ? <LengthNote limit={limit} verb="save" /> : null}
    </div>
  );
}
