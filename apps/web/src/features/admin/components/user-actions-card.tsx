// What an admin may do to one person: set their plan, make or remove an admin, sign them out
// everywhere, ban or unban them, delete them. A refusal from the server shows here, in its words.
import { PLANS, planIdSchema, type AdminUserDetail, type PlanId } from "@tessera/contracts";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useUpdateAdminUser, type AdminUserAction } from "../api/update-admin-user";
import { BanUserDialog } from "./ban-user-dialog";
import { DeleteUserDialog } from "./delete-user-dialog";

const PLAN_IDS = planIdSchema.options;

export function UserActionsCard({ person }: { person: AdminUserDetail }) {
  const { t } = useTranslation("admin");
  const update = useUpdateAdminUser(person.id);
  const navigate = useNavigate();
  const planId = useId();
  const [plan, setPlan] = useState<PlanId>(person.plan);
  const [failure, setFailure] = useState<string | null>(null);
  const [banning, setBanning] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const admin = person.role === "admin";
  const who = person.name || person.email;

  const act = (action: AdminUserAction, done: string) => {
    setFailure(null);
    update.mutate(action, {
      onSuccess: () => toast.success(done),
      onError: (err) => setFailure(errorMessage(err)),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t("actions.title")}</CardTitle>
        <CardDescription>
          {t("actions.description")}
          {person.isSelf ? ` ${t("actions.notYourself")}` : ""}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex w-48 flex-col gap-2">
            <Label htmlFor={planId}>{t("actions.plan")}</Label>
            <Select value={plan} onValueChange={(v) => setPlan(v as PlanId)}>
              <SelectTrigger id={planId}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {PLAN_IDS.map((p) => (
                  <SelectItem key={p} value={p}>
                    {PLANS[p].name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button
            variant="outline"
            disabled={update.isPending || plan === person.plan}
            onClick={() =>
              act({ kind: "plan", body: { plan } }, t("actions.planDone", { who, plan: PLANS[plan].name }))
            }
          >
            {t("actions.setPlan")}
          </Button>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button
            variant="outline"
            disabled={update.isPending || (admin && person.isSelf)}
            onClick={() =>
              act(
                { kind: "role", body: { role: admin ? "user" : "admin" } },
                admin ? t("actions.noLongerAdmin", { who }) : t("actions.nowAdmin", { who }),
              )
            }
          >
            {admin ? t("actions.removeAdmin") : t("actions.makeAdmin")}
          </Button>
          <Button
            variant="outline"
            disabled={update.isPending || person.sessions === 0}
            onClick={() => act({ kind: "sign-out" }, t("actions.signedOut", { who }))}
          >
            {t("actions.signOut")}
          </Button>
          {person.status === "banned" ? (
            <Button
              variant="outline"
              disabled={update.isPending}
              onClick={() => act({ kind: "unban" }, t("actions.unbanned", { who }))}
            >
              {t("actions.unban")}
            </Button>
          ) : (
            <Button
              variant="outline"
              className="text-destructive"
              disabled={update.isPending || person.isSelf}
              onClick={() => setBanning(true)}
            >
              {t("actions.ban")}
            </Button>
          )}
          <Button variant="destructive" disabled={person.isSelf} onClick={() => setDeleting(true)}>
            {t("actions.delete")}
          </Button>
        </div>
        {person.listedAdmin && !admin ? (
          <p className="text-xs text-muted-foreground">{t("actions.listedAdmin")}</p>
        ) : null}
        <FormError message={failure} />
      </CardContent>
      <BanUserDialog person={person} open={banning} onOpenChange={setBanning} />
      <DeleteUserDialog
        person={person}
        open={deleting}
        onOpenChange={setDeleting}
        onDeleted={() => void navigate("/dashboard/admin/users")}
      />
    </Card>
  );
}
