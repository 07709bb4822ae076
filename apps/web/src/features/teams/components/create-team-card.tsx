// No team yet (spec §2, §4): 'Create Your Team' with the Create Team dialog, and Go to Dashboard.
// On success the dialog closes, the name clears, and the team data reloads after 500 ms.
import { TEAM_RELOAD_DELAY_MS } from "@tessera/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { errorMessage } from "@/lib/api-client";
import { useRefreshSubscription } from "@/lib/subscription";
import { useCreateTeam } from "../api/create-team";
import { myTeamQuery } from "../api/get-my-team";

export function CreateTeamCard() {
  const { t } = useTranslation("teams");
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const create = useCreateTeam();
  const queryClient = useQueryClient();
  const refreshSubscription = useRefreshSubscription();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate(name.trim(), {
      onSuccess: () => {
        toast.success(t("create.created"), { description: t("create.ready", { team: name.trim() }) });
        setOpen(false);
        setName("");
        setTimeout(() => {
          void queryClient.invalidateQueries({ queryKey: myTeamQuery.queryKey });
          void refreshSubscription();
        }, TEAM_RELOAD_DELAY_MS);
      },
      onError: (err) =>
        toast.error(t("create.error"), {
          description: errorMessage(err) || t("create.failed"),
        }),
    });
  };

  return (
    <Card className="mx-auto w-full max-w-xl text-center">
      <CardHeader className="items-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <Users aria-hidden="true" className="size-6" />
        </span>
        <CardTitle className="text-2xl">{t("create.title")}</CardTitle>
        <CardDescription>{t("create.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap justify-center gap-3">
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button>{t("create.button")}</Button>
          </DialogTrigger>
          <DialogContent>
            <form onSubmit={submit} className="flex flex-col gap-4">
              <DialogHeader>
                <DialogTitle>{t("create.button")}</DialogTitle>
                <DialogDescription>{t("create.owner")}</DialogDescription>
              </DialogHeader>
              <FormField
                label={t("create.name")}
                value={name}
                onChange={(e) => setName(e.target.value)}
                placeholder={t("create.namePlaceholder")}
                maxLength={100}
                autoFocus
              />
              <DialogFooter>
                <Button type="submit" disabled={!name.trim() || create.isPending}>
                  {create.isPending ? t("create.creating") : t("create.button")}
                </Button>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
        <Button variant="outline" asChild>
          <Link to="/dashboard">{t("create.dashboard")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
