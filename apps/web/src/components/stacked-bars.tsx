// The pieces the CSS bar charts share (the dashboard's activity, Admin → Usage's spend): a day's
// stacked bar, the legend of its series, and the table of the same numbers one click away.
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** A series: its colour (a background class) and its name as shown. */
export interface BarSeries {
  key: string;
  color: string;
  name: string;
}

export function ChartLegend({ label, series }: { label: string; series: BarSeries[] }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      {series.map((s) => (
        <li key={s.key} className="flex items-center gap-1.5">
          <span className={cn("size-2.5 rounded-[3px]", s.color)} aria-hidden="true" />
          {s.name}
        </li>
      ))}
    </ul>
  );
}

/**
 * One day's column: its series stacked (the first at the bottom), as tall as their total is of
 * `top`. A quiet day keeps a stub, so the days can be counted along the axis.
 */
export function StackedBar({
  title,
  parts,
  top,
}: {
  title: string;
  parts: { key: string; color: string; value: number }[];
  top: number;
}) {
  const total = parts.reduce((n, p) => n + p.value, 0);
  return (
    <div title={title} className="group flex h-full min-w-0 flex-1 items-end rounded-t-sm hover:bg-muted/70">
      <div
        className={cn(
          "flex w-full flex-col-reverse overflow-hidden rounded-t-[3px]",
          total === 0 && "bg-muted-foreground/15",
        )}
        style={{ height: total ? `${(total / top) * 100}%` : "3px" }}
      >
        {parts.map((p) =>
          p.value ? (
            <div
              key={p.key}
              className={cn(p.color, "w-full group-hover:opacity-90")}
              style={{ height: `${(p.value / total) * 100}%` }}
            />
          ) : null,
        )}
      </div>
    </div>
  );
}

/** The chart's numbers as a table behind a "show" link: `children` are its head and body. */
export function ChartTable({
  summary,
  caption,
  children,
}: {
  summary: string;
  caption: string;
  children: ReactNode;
}) {
  return (
    <details className="group text-sm">
      <summary className="w-fit cursor-pointer rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none">
        {summary}
      </summary>
      <div className="mt-3 max-h-72 overflow-auto rounded-lg border">
        <table className="w-full text-start text-sm tabular-nums">
          <caption className="sr-only">{caption}</caption>
          {children}
        </table>
      </div>
    </details>
  );
}
