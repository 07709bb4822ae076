// Admin → Budgets: monthly caps in tokens or in cost, for everyone (the instance's), a team or a
// person. The narrowest applies; at 80% of it a person is warned, at the cap their model calls are
// refused until the month ends. Each budget shows how many people it holds and how many are near it.
import type { Budget, BudgetScope } from "@tessera/contracts";
import { Plus } from "lucide-react";
import { useState } from "react";
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
  useDocumentTitle("Budgets");
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
        onSuccess: () => toast.success(`${budgetName(budget)}'s budget is cleared`),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  };
  const edit = (scope: BudgetScope) => (budget: Budget) => setEditing({ scope, budget });

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-4 md:p-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Budgets</h1>
          <p className="max-w-2xl text-sm text-muted-foreground">
            Monthly caps on tokens or cost for chat, comparisons, searches, tools and the API. The narrowest
            applies: a person's own, else their team's, else the instance's. People are warned at 80%; at the
            cap their model calls are refused until the month ends.
          </p>
        </div>
        {isAdmin ? (
          <Button onClick={() => setEditing({ scope: "user" })}>
            <Plus aria-hidden="true" />
            Set a budget
          </Button>
        ) : null}
      </header>
      {!isAdmin ? (
        <p role="alert">Only administrators of this instance can manage budgets.</p>
      ) : error ? (
        <p role="alert">{errorMessage(error)}</p>
      ) : isPending ? (
        <PageSpinner label="Loading budgets" />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            This month's use starts again from zero on {formatDay(data.resetsAt)}.
          </p>
          <BudgetsTable
            title="Everyone"
            description="The instance's budget applies to each person who has no narrower one."
            budgets={data.instance ? [data.instance] : []}
            empty="No instance budget: people without a team or personal budget have no cap."
            onEdit={edit("instance")}
            onClear={setClearing}
            onAdd={data.instance ? undefined : () => setEditing({ scope: "instance" })}
          />
          <BudgetsTable
            title="Teams"
            description="A team's budget applies to each of its members, one by one, who has no budget of their own."
            budgets={data.teams}
            empty="No team budgets."
            onEdit={edit("team")}
            onClear={setClearing}
            onAdd={() => setEditing({ scope: "team" })}
          />
          <BudgetsTable
            title="People"
            description="A person's own budget comes before their team's and the instance's."
            budgets={data.users}
            empty="No personal budgets."
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
        title="Clear this budget?"
        description={(b) =>
          `${budgetName(b)} will have no budget of its own; the next wider one applies, if there is one.`
        }
        action="Clear"
        onCancel={() => setClearing(null)}
        onConfirm={onClear}
      />
    </div>
  );
}

export const budgetName = (budget: Pick<Budget, "scope" | "name">) =>
  budget.scope === "instance" ? "The instance" : (budget.name ?? "This one");
