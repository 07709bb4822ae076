// One breakdown of the usage report (by person, team or model) as a small table, costliest first.
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCount } from "@/lib/utils";
import { formatCost, formatTokens } from "../utils/format";

export interface SpendRow {
  key: string;
  name: string;
  /** A second line under the name (a person's address). */
  detail?: string;
  tokens: number;
  cost: number;
  /** Answers, calls or people, as the table's `count` column says. */
  n: number;
}

export function SpendTable({
  title,
  first,
  count,
  rows,
}: {
  title: string;
  first: string;
  count: string;
  rows: SpendRow[];
}) {
  const { t } = useTranslation("admin");
  return (
    <Card role="region" aria-label={title}>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("spend.nothing")}</p>
        ) : (
          <div className="max-h-80 overflow-auto">
            <table className="w-full text-start text-sm">
              <caption className="sr-only">{title}</caption>
              <thead className="sticky top-0 bg-card text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="py-1.5 pe-3 font-medium">
                    {first}
                  </th>
                  <th scope="col" className="px-2 py-1.5 text-end font-medium">
                    {count}
                  </th>
                  <th scope="col" className="px-2 py-1.5 text-end font-medium">
                    {t("spend.tokens")}
                  </th>
                  <th scope="col" className="py-1.5 ps-2 text-end font-medium">
                    {t("spend.cost")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.key} className="border-t">
                    <th scope="row" className="max-w-52 py-1.5 pe-3 font-normal">
                      <span className="block truncate" title={r.name}>
                        {r.name}
                      </span>
                      {r.detail && r.detail !== r.name ? (
                        <span className="block truncate text-xs text-muted-foreground">{r.detail}</span>
                      ) : null}
                    </th>
                    <td className="px-2 py-1.5 text-end tabular-nums">{formatCount(r.n)}</td>
                    <td className="px-2 py-1.5 text-end tabular-nums" title={formatCount(r.tokens)}>
                      {formatTokens(r.tokens)}
                    </td>
                    <td className="py-1.5 ps-2 text-end tabular-nums">{formatCost(r.cost)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
