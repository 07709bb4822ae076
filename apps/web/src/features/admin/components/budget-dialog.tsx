// Set or change one budget: for whom (the instance, a team, a person by address) and its caps, in
// tokens, in dollars or both. A person is found by their address among everyone on the instance.
import { BUDGET_MAX_TOKENS, type Budget, type BudgetScope } from "@tessera/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
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

const SCOPE_LABELS: Record<BudgetScope, string> = {
  instance: "Everyone (instance)",
  team: "A team",
  user: "A person",
};

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
    if (!match) throw new Error(`No one here has the address ${email.trim()}.`);
    return match.id;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const monthlyTokens = tokens.trim() ? Number(tokens) : null;
    const monthlyCostUsd = cost.trim() ? Number(cost) : null;
    if (monthlyTokens === null && monthlyCostUsd === null)
      return setFailure("Enter a cap in tokens, in dollars or both.");
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
    if (scope === "team" && !id) return setFailure("Choose a team.");
    save.mutate(
      { scope, ...(id ? { id } : {}), monthlyTokens, monthlyCostUsd },
      {
        onSuccess: () => {
          toast.success("Budget saved");
          onDone();
        },
        onError: (err) => setFailure(errorMessage(err)),
      },
    );
  };

  const busy = finding || save.isPending;
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" aria-label="Budget">
      <DialogHeader>
        <DialogTitle>
          {existing
            ? `Budget: ${existing.scope === "instance" ? "everyone" : existing.name}`
            : "Set a budget"}
        </DialogTitle>
        <DialogDescription>
          A cap a month, in tokens, in dollars or both; whichever is reached first stops the model calls.
        </DialogDescription>
      </DialogHeader>
      {existing ? null : (
        <div className="flex flex-col gap-2">
          <Label htmlFor={scopeId}>For</Label>
          <Select value={scope} onValueChange={(v) => setScope(v as BudgetScope)}>
            <SelectTrigger id={scopeId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(Object.keys(SCOPE_LABELS) as BudgetScope[]).map((s) => (
                <SelectItem key={s} value={s}>
                  {SCOPE_LABELS[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}
      {!existing && scope === "team" ? (
        teams.length === 0 ? (
          <p className="text-sm text-muted-foreground">There are no teams on this instance yet.</p>
        ) : (
          <div className="flex flex-col gap-2">
            <Label htmlFor={teamId}>Team</Label>
            <Select value={team} onValueChange={setTeam}>
              <SelectTrigger id={teamId}>
                <SelectValue placeholder="Choose a team" />
              </SelectTrigger>
              <SelectContent>
                {teams.map((t) => (
                  <SelectItem
                    key={t.id}
                    value={t.id}
                    hint={t.members === 1 ? "1 member" : `${t.members} members`}
                  >
                    {t.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )
      ) : null}
      {!existing && scope === "user" ? (
        <FormField
          label="Person's email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="off"
          required
        />
      ) : null}
      <FormField
        label="Tokens a month"
        type="number"
        inputMode="numeric"
        min={1}
        max={BUDGET_MAX_TOKENS}
        step={1}
        value={tokens}
        onChange={(e) => setTokens(e.target.value)}
        hint="Leave empty for no token cap."
      />
      <FormField
        label="Cost a month (USD)"
        type="number"
        inputMode="decimal"
        min={0.01}
        step="any"
        value={cost}
        onChange={(e) => setCost(e.target.value)}
        hint="Leave empty for no cost cap."
      />
      <FormError message={failure} />
      <DialogFooter className="gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save budget"}
        </Button>
      </DialogFooter>
    </form>
  );
}
