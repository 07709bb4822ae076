// Admin → Usage's model spend over a range of days: the totals, a chart by day, and tables by person,
// team and model, with the OpenAI-compatible API apart; the whole report downloads as CSV.
import { USAGE_RANGE_MAX_DAYS, type SpendReport } from "@tessera/contracts";
import { Download } from "lucide-react";
import { useState, type FormEvent } from "react";
import { FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { formatCount } from "@/lib/utils";
import { saveBlob } from "@/lib/save-file";
import type { UsageRange } from "../api/get-admin-usage";
import { formatCost, formatTokens, formatUtcDay, utcDayAgo } from "../utils/format";
import { usageCsv } from "../utils/usage-csv";
import { SpendChart } from "./spend-chart";
import { SpendTable } from "./spend-table";

const PRESETS = [7, 30, 90];
const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

export function SpendSection({
  report,
  busy,
  onRange,
}: {
  report: SpendReport;
  busy: boolean;
  onRange: (range: UsageRange) => void;
}) {
  const [from, setFrom] = useState(report.from);
  const [to, setTo] = useState(report.to);
  const [failure, setFailure] = useState<string | null>(null);

  const show = (range: UsageRange) => {
    setFailure(null);
    if (!range.from || !range.to) return setFailure("Choose both days.");
    if (range.from > range.to) return setFailure("The first day must not be after the last.");
    const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1;
    if (days > USAGE_RANGE_MAX_DAYS)
      return setFailure(`A report covers at most ${USAGE_RANGE_MAX_DAYS} days.`);
    setFrom(range.from);
    setTo(range.to);
    onRange(range);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    show({ from, to });
  };
  const download = () =>
    saveBlob(
      new Blob([usageCsv(report)], { type: "text/csv;charset=utf-8" }),
      `tessera-usage-${report.from}-to-${report.to}.csv`,
    );

  const { totals, api } = report;
  return (
    <section aria-labelledby="spend-heading" className="flex flex-col gap-4" aria-busy={busy}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="spend-heading" className="text-lg font-semibold tracking-tight">
            Model spend
          </h2>
          <p className="text-sm text-muted-foreground">
            {formatUtcDay(report.from)} to {formatUtcDay(report.to)} (UTC): {plural(totals.answers, "answer")}{" "}
            in chat, comparisons and searches, {formatTokens(totals.tokens)} tokens, {formatCost(totals.cost)}
            .
          </p>
        </div>
        <Button variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          Export CSV
        </Button>
      </div>
      <form onSubmit={submit} aria-label="Date range" className="flex flex-wrap items-end gap-3">
        <FormField
          label="From"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          className="w-44"
        />
        <FormField
          label="To"
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          className="w-44"
        />
        <Button type="submit" variant="secondary">
          Show
        </Button>
        <div className="flex gap-1" role="group" aria-label="Ranges">
          {PRESETS.map((days) => (
            <Button
              key={days}
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => show({ from: utcDayAgo(days - 1), to: utcDayAgo(0) })}
            >
              Last {days} days
            </Button>
          ))}
        </div>
      </form>
      <FormError message={failure} />
      <SpendChart inApp={report.byDay} api={api.byDay} />
      <div className="grid gap-4 lg:grid-cols-2">
        <SpendTable
          title="By person"
          first="Person"
          count="Answers"
          rows={report.byPerson.map((p) => ({
            ...p,
            key: p.userId,
            name: p.name || p.email,
            detail: p.email,
            n: p.answers,
          }))}
        />
        <SpendTable
          title="By team"
          first="Team"
          count="People"
          rows={report.byTeam.map((t) => ({ ...t, key: t.teamId ?? "none", n: t.people }))}
        />
        <SpendTable
          title="By model"
          first="Model"
          count="Answers"
          rows={report.byModel.map((m) => ({ ...m, key: m.model, name: m.model, n: m.answers }))}
        />
      </div>
      <h3 className="mt-2 text-base font-semibold tracking-tight">API use</h3>
      <p className="-mt-2 text-sm text-muted-foreground">
        {plural(api.totals.calls, "call")} of the OpenAI-compatible API by{" "}
        {plural(api.totals.people, "person", "people")} in these days: {formatTokens(api.totals.tokens)}{" "}
        tokens, {formatCost(api.totals.cost)}. Not counted above.
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <SpendTable
          title="API by person"
          first="Person"
          count="Calls"
          rows={api.byPerson.map((p) => ({
            ...p,
            key: p.userId,
            name: p.name || p.email,
            detail: p.email,
            n: p.calls,
          }))}
        />
        <SpendTable
          title="API by model"
          first="Model"
          count="Calls"
          rows={api.byModel.map((m) => ({ ...m, key: m.model, name: m.model, n: m.calls }))}
        />
      </div>
    </section>
  );
}
