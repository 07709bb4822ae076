// What every benchmark returns, and the markdown table they all print.

export type Verdict = "met" | "missed" | "n/a";

export interface GoalRow {
  /** What was measured, e.g. "added TTFT p50, 1 stream". */
  measure: string;
  /** The figure, formatted. */
  value: string;
  /** The baseline measured in the same run, formatted, when there is one. */
  baseline?: string;
  /** The goal from the issue, e.g. "≤ 2 ms". */
  goal?: string;
  verdict?: Verdict;
}

export interface BenchSection {
  /** Matches the row number: "1" … "10". */
  id: string;
  title: string;
  rows: GoalRow[];
  /**
   * What this run measured beyond the table (a fixture's size, query plans), kept in bench/last/ with
   * the figures. The method and the reasons for a miss are prose in the module's NOTES, not here.
   */
  details?: string;
}

/** Each module's prose by row id: the method in a few lines, and the profile that explains a miss. */
export type BenchNotes = Record<string, string>;

export interface BenchContext {
  /** Repository root. */
  root: string;
  /** Smaller sizes and fewer repeats: for trying a bench out, never for RESULTS.md. */
  quick: boolean;
  /** PostgreSQL server for benches that use one (default postgres@127.0.0.1:5432/test). */
  postgresUrl: string;
  log(message: string): void;
}

export function table(rows: GoalRow[]): string {
  const lines = ["| measure | value | baseline (same run) | goal | verdict |", "|---|---|---|---|---|"];
  for (const r of rows)
    lines.push(
      `| ${r.measure} | ${r.value} | ${r.baseline ?? "—"} | ${r.goal ?? "—"} | ${r.verdict ?? "n/a"} |`,
    );
  return lines.join("\n");
}

/** A row's section of RESULTS.md: its table, the module's prose for it, then what the run measured. */
export function renderSection(s: BenchSection, notes?: string): string {
  return [
    `## ${s.id}. ${s.title}`,
    "",
    table(s.rows),
    ...(notes ? ["", notes.trim()] : []),
    ...(s.details ? ["", s.details.trim()] : []),
  ].join("\n");
}

export const verdict = (ok: boolean): Verdict => (ok ? "met" : "missed");
