// Admin → Usage's model spend over a range of days: the totals, a chart by day, and tables by person,
// team and model, with the OpenAI-compatible API apart; the whole report downloads as CSV.
import { USAGE_RANGE_MAX_DAYS, type SpendReport } from "@tessera/contracts";
import { Download } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { saveBlob } from "@/lib/save-file";
import type { UsageRange } from "../api/get-admin-usage";
import { formatCost, formatTokens, formatUtcDay, utcDayAgo } from "../utils/format";
import { usageCsv } from "../utils/usage-csv";
import { DateField } from "./date-field";
import { SpendChart } from "./spend-chart";
import { SpendTable } from "./spend-table";

const PRESETS = [7, 30, 90];

export function SpendSection({
  report,
  busy,
  onRange,
}: {
  report: SpendReport;
  busy: boolean;
  onRange: (range: UsageRange) => void;
}) {
  const { t } = useTranslation("admin");
  const [from, setFrom] = useState(report.from);
  const [to, setTo] = useState(report.to);
  const [failure, setFailure] = useState<string | null>(null);

  const show = (range: UsageRange) => {
    setFailure(null);
    if (!range.from || !range.to) return setFailure(t("spend.bothDays"));
    if (range.from > range.to) return setFailure(t("spend.backwards"));
    const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1;
    if (days > USAGE_RANGE_MAX_DAYS) return setFailure(t("spend.tooLong", { count: USAGE_RANGE_MAX_DAYS }));
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
            {t("spend.title")}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t("spend.summary", {
              from: formatUtcDay(report.from),
              to: formatUtcDay(report.to),
              answers: t("spend.answers", { count: totals.answers }),
              tokens: formatTokens(totals.tokens),
              cost: formatCost(totals.cost),
            })}
          </p>
        </div>
        <Button variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          {t("audit.export")}
        </Button>
      </div>
      <form onSubmit={submit} aria-label={t("spend.range")} className="flex flex-wrap items-end gap-3">
        <DateField label={t("audit.from")} value={from} onChange={setFrom} className="w-44" />
        <DateField label={t("audit.to")} value={to} onChange={setTo} className="w-44" />
        <Button type="submit" variant="secondary">
          {t("spend.show")}
        </Button>
        <div className="flex gap-1" role="group" aria-label={t("spend.ranges")}>
          {PRESETS.map((days) => (
            <Button
              key={days}
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => show({ from: utcDayAgo(days - 1), to: utcDayAgo(0) })}
            >
              {t("spend.lastDays", { count: days })}
            </Button>
          ))}
        </div>
      </form>
      <FormError message={failure} />
      <SpendChart inApp={report.byDay} api={api.byDay} />
      <div className="grid gap-4 lg:grid-cols-2">
        <SpendTable
          title={t("spend.byPerson")}
          first={t("spend.person")}
          count={t("spend.answersColumn")}
          rows={report.byPerson.map((p) => ({
            ...p,
            key: p.userId,
            name: p.name || p.email,
            detail: p.email,
            n: p.answers,
          }))}
        />
        <SpendTable
          title={t("spend.byTeam")}
          first={t("spend.team")}
          count={t("spend.people")}
          rows={report.byTeam.map((t) => ({ ...t, key: t.teamId ?? "none", n: t.people }))}
        />
        <SpendTable
          title={t("spend.byModel")}
          first={t("spend.model")}
          count={t("spend.answersColumn")}
          rows={report.byModel.map((m) => ({ ...m, key: m.model, name: m.model, n: m.answers }))}
        />
      </div>
      <h3 className="mt-2 text-base font-semibold tracking-tight">{t("spend.apiUse")}</h3>
      <p className="-mt-2 text-sm text-muted-foreground">
        {t("spend.apiSummary", {
          calls: t("spend.calls", { count: api.totals.calls }),
          people: t("spend.peopleCount", { count: api.totals.people }),
          tokens: formatTokens(api.totals.tokens),
          cost: formatCost(api.totals.cost),
        })}
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <SpendTable
          title={t("spend.apiByPerson")}
          first={t("spend.person")}
          count={t("spend.callsColumn")}
          rows={api.byPerson.map((p) => ({
            ...p,
            key: p.userId,
            name: p.name || p.email,
            detail: p.email,
            n: p.calls,
          }))}
        />
        <SpendTable
          title={t("spend.apiByModel")}
          first={t("spend.model")}
          count={t("spend.callsColumn")}
          rows={api.byModel.map((m) => ({ ...m, key: m.model, name: m.model, n: m.calls }))}
        />
      </div>
    </section>
  );
}
