// Set or change one budget: for whom (the instance, a team, a person by address) and its caps, in
// tokens, in dollars or both. A person is found by their address among everyone on the instance.
import { BUDGET_MAX_TOKENS, type Budget, type BudgetScope } from "@tessera/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { adminUsersQuery } from "../api/get-admin-users";
import { useSetBudget } from "../api/set-budget";

export interface BudgetTarget {
  scope: BudgetScope;
  /** The budget to change; none: a new one. */
  budget?: Budget;
}

type Team = { id: string; name: string; members: number };

const SCOPES: BudgetScope[] = ["instance", "team", "user"];

export function BudgetDialog({
  target,
  teams,
  onOpenChange,
}: {
  target: BudgetTarget | null;
  teams: Team[];
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        {target ? <BudgetForm target={target} teams={teams} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function BudgetForm({ target, teams, onDone }: { target: BudgetTarget; teams: Team[]; onDone: () => void }) {
  const { t } = useTranslation("admin");
  const save = useSetBudget();
  const queryClient = useQueryClient();
  const scopeId = useId();
  const teamId = useId();
  const existing = target.budget;
  const [scope, setScope] = useState<BudgetScope>(target.scope);
  const [team, setTeam] = useState(existing?.scope === "team" ? (existing.id ?? "") : "");
  const [email, setEmail] = useState("");
  const [tokens, setTokens] = useState(existing?.monthlyTokens?.toString() ?? "");
  const [cost, setCost] = useState(existing?.monthlyCostUsd?.toString() ?? "");
  const [failure, setFailure] = useState<string | null>(null);
  const [finding, setFinding] = useState(false);

  /** The person's id, from their address as typed (an exact match, whatever its case). */
  const findPerson = async (): Promise<string> => {
    const address = email.trim().toLowerCase();
    const page = await queryClient.fetchQuery(adminUsersQuery({ q: address, page: 1, sort: "email" }));
    const match = page.users.find((u) => u.email.toLowerCase() === address);
    if (!match) throw new Error(t("budgetDialog.noOne", { email: email.trim() }));
    return match.id;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const monthlyTokens = tokens.trim() ? Number(tokens) : null;
    const monthlyCostUsd = cost.trim() ? Number(cost) : null;
    if (monthlyTokens === null && monthlyCostUsd === null) return setFailure(t("budgetDialog.enterCap"));
    let id: string | undefined;
    try {
      setFinding(true);
      id =
        existing?.id ??
        (scope === "team" ? team || undefined : scope === "user" ? await findPerson() : undefined);
    } catch (err) {
      return setFailure(errorMessage(err));
    } finally {
      setFinding(false);
    }
    if (scope === "team" && !id) return setFailure(t("budgetDialog.chooseTeamFirst"));
    save.mutate(
      { scope, ...(id ? { id } : {}), monthlyTokens, monthlyCostUsd },
      {
        onSuccess: () => {
          toast.success(t("budgetDialog.saved"));
          onDone();
        },
        onError: (err) => setFailure(errorMessage(err)),
      },
    );
  };

  const busy = finding || save.isPending;
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-4"
      aria-label={t("budgetDialog.label")}
    >
      <DialogHeader>
        <DialogTitle>
          {existing
            ? t("budgetDialog.titleFor", {
                name: existing.scope === "instance" ? t("budgetDialog.everyone") : existing.name,
              })
            : t("budgets.set")}
        </DialogTitle>
        <DialogDescription>{t("budgetDialog.description")}</DialogDescription>
      </DialogHeader>
      {existing ? null : (
        <div className="flex flex-col gap-2">
          <Label htmlFor={scopeId}>{t("budgetDialog.for")}</Label>
          <Select value={scope} onValueChange={(v) => setScope(v as BudgetScope)}>
            <SelectTrigger id={scopeId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SCOPES.map((s) => (
                <SelectItem key={s} value={s}>
                  {t(`budgetDialog.scopes.${s}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}
      {!existing && scope === "team" ? (
        teams.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("budgetDialog.noTeams")}</p>
        ) : (
          <div className="flex flex-col gap-2">
            <Label htmlFor={teamId}>{t("budgetDialog.team")}</Label>
            <Select value={team} onValueChange={setTeam}>
              <SelectTrigger id={teamId}>
                <SelectValue placeholder={t("budgetDialog.chooseTeam")} />
              </SelectTrigger>
              <SelectContent>
                {teams.map((one) => (
                  <SelectItem
                    key={one.id}
                    value={one.id}
                    hint={t("budgetDialog.members", { count: one.members })}
                  >
                    {one.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )
      ) : null}
      {!existing && scope === "user" ? (
        <FormField
          label={t("budgetDialog.email")}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="off"
          required
        />
      ) : null}
      <FormField
        label={t("budgets.tokens")}
        type="number"
        inputMode="numeric"
        min={1}
        max={BUDGET_MAX_TOKENS}
        step={1}
        value={tokens}
        onChange={(e) => setTokens(e.target.value)}
        hint={t("budgetDialog.tokensHint")}
      />
      <FormField
        label={t("budgetDialog.costLabel")}
        type="number"
        inputMode="decimal"
        min={0.01}
        step="any"
        value={cost}
        onChange={(e) => setCost(e.target.value)}
        hint={t("budgetDialog.costHint")}
      />
      <FormError message={failure} />
      <DialogFooter className="gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          {t("cancel")}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? t("settings.saving") : t("budgetDialog.save")}
        </Button>
      </DialogFooter>
    </form>
  );
}
