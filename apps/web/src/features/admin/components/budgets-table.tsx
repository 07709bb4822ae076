// One kind of budget (the instance's, the teams', the people's) as a table: the caps, who they hold,
// and how many are near or at them this month.
import type { Budget } from "@tessera/contracts";
import { Pencil, Plus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCount } from "@/lib/utils";
import { formatCost, formatTokens } from "../utils/format";

export function BudgetsTable({
  title,
  description,
  budgets,
  empty,
  onEdit,
  onClear,
  onAdd,
}: {
  title: string;
  description: string;
  budgets: Budget[];
  empty: string;
  onEdit: (budget: Budget) => void;
  onClear: (budget: Budget) => void;
  onAdd?: () => void;
}) {
  return (
    <Card role="region" aria-label={title}>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="text-base">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {onAdd ? (
          <Button variant="ghost" size="sm" onClick={onAdd} aria-label={`Add a budget: ${title}`}>
            <Plus aria-hidden="true" />
            Add
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {budgets.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{title}: budgets</caption>
              <thead className="text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="py-1.5 pr-3 font-medium">
                    {title === "Everyone" ? "Budget" : title === "Teams" ? "Team" : "Person"}
                  </th>
                  <th scope="col" className="px-3 py-1.5 text-right font-medium">
                    Tokens a month
                  </th>
                  <th scope="col" className="px-3 py-1.5 text-right font-medium">
                    Cost a month
                  </th>
                  <th scope="col" className="px-3 py-1.5 text-right font-medium">
                    Applies to
                  </th>
                  <th scope="col" className="px-3 py-1.5 text-right font-medium">
                    At 80% or more
                  </th>
                  <th scope="col" className="px-3 py-1.5 text-right font-medium">
                    Reached
                  </th>
                  <th scope="col" className="py-1.5 pl-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {budgets.map((b) => {
                  const name = b.scope === "instance" ? "Instance default" : (b.name ?? b.id ?? "");
                  return (
                    <tr key={`${b.scope}:${b.id ?? ""}`} className="border-t">
                      <th scope="row" className="py-2 pr-3 font-medium">
                        {name}
                      </th>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {b.monthlyTokens == null ? "No cap" : formatTokens(b.monthlyTokens)}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {b.monthlyCostUsd == null ? "No cap" : formatCost(b.monthlyCostUsd)}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {formatCount(b.appliesTo)} {b.appliesTo === 1 ? "person" : "people"}
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
                            aria-label={`Edit ${name}'s budget`}
                          >
                            <Pencil aria-hidden="true" />
                          </Button>
                          <Button
                            variant="ghost"
                            size="icon"
                            onClick={() => onClear(b)}
                            aria-label={`Clear ${name}'s budget`}
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
