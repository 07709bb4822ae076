// Admin → Budgets: monthly caps in tokens or in cost, for everyone (the instance's), a team or a
// person. The narrowest applies; at 80% of it a person is warned, at the cap their model calls are
// refused until the month ends. Each budget shows how many people it holds and how many are near it.
import type { Budget, BudgetScope } from "@tessera/contracts";
import { Plus } from "lucide-react";
import { useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth-context";
import { toast } from "@/lib/toast";
import { formatDay } from "@/lib/utils";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useBudgets } from "../api/get-budgets";
import { useClearBudget } from "../api/set-budget";
import { BudgetDialog, type BudgetTarget } from "./budget-dialog";
import { BudgetsTable } from "./budgets-table";

export function AdminBudgetsPage() {
  const { t } = useTranslation("admin");
  useDocumentTitle(t("budgets.title"));
  const { user } = useAuth();
  const isAdmin = user?.role === "admin";
  const { data, error, isPending } = useBudgets(isAdmin);
  const clear = useClearBudget();
  const [editing, setEditing] = useState<BudgetTarget | null>(null);
  const [clearing, setClearing] = useState<Budget | null>(null);

  const onClear = (budget: Budget) => {
    setClearing(null);
    clear.mutate(
      { scope: budget.scope, id: budget.id },
      {
        onSuccess: () => toast.success(t("budgets.cleared", { name: budgetName(budget, t) })),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  };
  const edit = (scope: BudgetScope) => (budget: Budget) => setEditing({ scope, budget });

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-4 md:p-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t("budgets.title")}</h1>
          <p className="max-w-2xl text-sm text-muted-foreground">{t("budgets.intro")}</p>
        </div>
        {isAdmin ? (
          <Button onClick={() => setEditing({ scope: "user" })}>
            <Plus aria-hidden="true" />
            {t("budgets.set")}
          </Button>
        ) : null}
      </header>
      {!isAdmin ? (
        <p role="alert">{t("budgets.adminsOnly")}</p>
      ) : error ? (
        <p role="alert">{errorMessage(error)}</p>
      ) : isPending ? (
        <PageSpinner label={t("budgets.loading")} />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {t("budgets.resets", { day: formatDay(data.resetsAt) })}
          </p>
          <BudgetsTable
            scope="instance"
            budgets={data.instance ? [data.instance] : []}
            onEdit={edit("instance")}
            onClear={setClearing}
            onAdd={data.instance ? undefined : () => setEditing({ scope: "instance" })}
          />
          <BudgetsTable
            scope="team"
            budgets={data.teams}
            onEdit={edit("team")}
            onClear={setClearing}
            onAdd={() => setEditing({ scope: "team" })}
          />
          <BudgetsTable
            scope="user"
            budgets={data.users}
            onEdit={edit("user")}
            onClear={setClearing}
            onAdd={() => setEditing({ scope: "user" })}
          />
        </>
      )}
      <BudgetDialog
        target={editing}
        teams={data?.choices.teams ?? []}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <ConfirmDeleteDialog
        item={clearing}
        title={t("budgets.clearTitle")}
        description={(b) => t("budgets.clearDescription", { name: budgetName(b, t) })}
        action={t("budgets.clear")}
        onCancel={() => setClearing(null)}
        onConfirm={onClear}
      />
    </div>
  );
}

export const budgetName = (budget: Pick<Budget, "scope" | "name">, t: TFunction<"admin">) =>
  budget.scope === "instance" ? t("budgets.theInstance") : (budget.name ?? t("budgets.thisOne"));
