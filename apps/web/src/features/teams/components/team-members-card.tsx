// Team Members (spec §2, §6): each member with picture or initials, 'You', 'Team Owner' and the role
// badge; owners and admins invite and remove (never the owner, never themselves), after confirming.
import type { Team, TeamMember, TeamRole } from "@tessera/contracts";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/lib/toast";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { useRemoveMember } from "../api/remove-member";
import { InviteMemberDialog } from "./invite-member-dialog";

const ROLE_VARIANT: Record<TeamRole, "default" | "secondary" | "outline"> = {
  owner: "default",
  admin: "secondary",
  member: "outline",
};

export function TeamMembersCard({ team, myUserId }: { team: Team; myUserId: string }) {
  const { t } = useTranslation("teams");
  const manages = team.myRole === "owner" || team.myRole === "admin";
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const remove = useRemoveMember(team.company.id);
  const nameOf = (m: TeamMember) => m.profile.fullName || null;

  const confirm = () => {
    if (!removing) return;
    const who = nameOf(removing) ?? removing.email;
    remove.mutate(removing.userId, {
      onSuccess: () => toast.success(t("members.removed"), { description: t("members.noAccess", { who }) }),
      onError: (err) => toast.error(t("members.removeFailed"), { description: errorMessage(err) }),
    });
    setRemoving(null);
  };

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle>{t("members.title")}</CardTitle>
          <CardDescription>{t("memberCount", { count: team.members.length })}</CardDescription>
        </div>
        {manages ? <InviteMemberDialog teamId={team.company.id} /> : null}
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y" aria-label={t("members.label")}>
          {team.members.map((m) => {
            const isMe = m.userId === myUserId;
            const isOwner = m.role === "owner";
            return (
              <li key={m.id} className="flex items-center gap-3 py-3">
                <Avatar src={m.profile.avatarUrl} name={nameOf(m) ?? m.email} />
                <div className="flex min-w-0 flex-1 flex-col">
                  <span className="flex flex-wrap items-center gap-2 font-medium">
                    <span className="truncate">{nameOf(m) ?? m.email}</span>
                    {isMe ? <Badge variant="outline">{t("members.you")}</Badge> : null}
                    {isOwner ? (
                      <span className="text-xs text-muted-foreground">{t("members.owner")}</span>
                    ) : null}
                  </span>
                  <span className="truncate text-sm text-muted-foreground">{m.email}</span>
                </div>
                <Badge variant={ROLE_VARIANT[m.role]}>{t(`roles.${m.role}`)}</Badge>
                {manages && !isOwner && !isMe ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t("members.removeLabel", { who: nameOf(m) ?? m.email })}
                    onClick={() => setRemoving(m)}
                    disabled={remove.isPending}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      </CardContent>
      <AlertDialog open={removing !== null} onOpenChange={(open) => (open ? null : setRemoving(null))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("members.removeTitle")}</AlertDialogTitle>
            <AlertDialogDescription>
              {t("members.removeDescription", {
                who: (removing && nameOf(removing)) ?? t("members.thisMember"),
              })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={confirm}>
              {t("members.remove")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
