// Admin → Usage's CSV export, made in the browser from the report on the page (the server sends the
// report as JSON only): one row a day, person, team and model, in-app answers and API calls apart.
import type { SpendReport } from "@tessera/contracts";

const HEADER = ["section", "date", "name", "email", "model", "tokens", "cost_usd", "count"];

/** One CSV cell (RFC 4180), with text that would start a spreadsheet formula made inert. */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

export function usageCsv(report: SpendReport): string {
  type Row = [
    string,
    string | null,
    string | null,
    string | null,
    string | null,
    number,
    number,
    number | null,
  ];
  const rows: Row[] = [
    ...report.byDay.map((d): Row => ["answers by day", d.date, null, null, null, d.tokens, d.cost, null]),
    ...report.byPerson.map((p): Row => [
      "answers by person",
      null,
      p.name,
      p.email,
      null,
      p.tokens,
      p.cost,
      p.answers,
    ]),
    ...report.byTeam.map((t): Row => [
      "answers by team",
      null,
      t.name,
      null,
      null,
      t.tokens,
      t.cost,
      t.people,
    ]),
    ...report.byModel.map((m): Row => [
      "answers by model",
      null,
      null,
      null,
      m.model,
      m.tokens,
      m.cost,
      m.answers,
    ]),
    ...report.api.byDay.map((d): Row => ["api by day", d.date, null, null, null, d.tokens, d.cost, d.calls]),
    ...report.api.byPerson.map((p): Row => [
      "api by person",
      null,
      p.name,
      p.email,
      null,
      p.tokens,
      p.cost,
      p.calls,
    ]),
    ...report.api.byModel.map((m): Row => [
      "api by model",
      null,
      null,
      null,
      m.model,
      m.tokens,
      m.cost,
      m.calls,
    ]),
  ];
  return [HEADER, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
