// One kind of budget (the instance's, the teams', the people's) as a table: the caps, who they hold,
// and how many are near or at them this month.
import type { Budget, BudgetScope } from "@tessera/contracts";
import { Pencil, Plus, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCount } from "@/lib/utils";
import { formatCost, formatTokens } from "../utils/format";

export function BudgetsTable({
  scope,
  budgets,
  onEdit,
  onClear,
  onAdd,
}: {
  /** Whose budgets: its title, description, empty line and first column come from it. */
  scope: BudgetScope;
  budgets: Budget[];
  onEdit: (budget: Budget) => void;
  onClear: (budget: Budget) => void;
  onAdd?: () => void;
}) {
  const { t } = useTranslation("admin");
  const title = t(`budgets.tables.${scope}.title`);
  return (
    <Card role="region" aria-label={title}>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="text-base">{title}</CardTitle>
          <CardDescription>{t(`budgets.tables.${scope}.description`)}</CardDescription>
        </div>
        {onAdd ? (
          <Button variant="ghost" size="sm" onClick={onAdd} aria-label={t("budgets.addLabel", { title })}>
            <Plus aria-hidden="true" />
            {t("budgets.add")}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {budgets.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t(`budgets.tables.${scope}.empty`)}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t("budgets.caption", { title })}</caption>
              <thead className="text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="py-1.5 pr-3 font-medium">
                    {t(`budgets.tables.${scope}.column`)}
                  </th>
                  <th scope="col" className="px-3 py-1.5 text-right font-medium">
                    {t("budgets.tokens")}
                  </th>
                  <th scope="col" className="px-3 py-1.5 text-right font-medium">
                    {t("budgets.cost")}
                  </th>
                  <th scope="col" className="px-3 py-1.5 text-right font-medium">
                    {t("budgets.appliesTo")}
                  </th>
                  <th scope="col" className="px-3 py-1.5 text-right font-medium">
                    {t("budgets.warned")}
                  </th>
                  <th scope="col" className="px-3 py-1.5 text-right font-medium">
                    {t("budgets.reached")}
                  </th>
                  <th scope="col" className="py-1.5 pl-3">
                    <span className="sr-only">{t("actions.title")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {budgets.map((b) => {
                  const name = b.scope === "instance" ? t("budgets.instanceDefault") : (b.name ?? b.id ?? "");
                  return (
                    <tr key={`${b.scope}:${b.id ?? ""}`} className="border-t">
                      <th scope="row" className="py-2 pr-3 font-medium">
                        {name}
                      </th>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {b.monthlyTokens == null ? t("budgets.noCap") : formatTokens(b.monthlyTokens)}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {b.monthlyCostUsd == null ? t("budgets.noCap") : formatCost(b.monthlyCostUsd)}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {t("budgets.people", { count: b.appliesTo })}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">{formatCount(b.warned)}</td>
                      <td
                        className={`px-3 py-2 text-right tabular-nums ${b.reached > 0 ? "font-medium text-destructive" : ""}`}
                      >
                        {formatCount(b.reached)}
                      </td>
                      <td className="py-2 pl-3">
                        <div className="flex justify-end gap-1">
                          <Button
                            variant="ghost"
                            size="icon"
                            onClick={() => onEdit(b)}
                            aria-label={t("budgets.editLabel", { name })}
                          >
                            <Pencil aria-hidden="true" />
                          </Button>
                          <Button
                            variant="ghost"
                            size="icon"
                            onClick={() => onClear(b)}
                            aria-label={t("budgets.clearLabel", { name })}
                          >
                            <X aria-hidden="true" />
                          </Button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
