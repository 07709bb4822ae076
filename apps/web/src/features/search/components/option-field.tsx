// One of a search page's options under its box: a muted label and the control it names, in a row
// (OptionsRow) that wraps on a narrow screen.
import { useId, type ReactNode } from "react";

export function OptionsRow({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">{children}</div>;
}

/** `children` gets the id its control takes, so the label names it. */
export function OptionField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-muted-foreground">
        {label}
      </label>
      {children(id)}
    </div>
  );
}
