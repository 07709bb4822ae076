// Pending Invitations (spec §2): not accepted and not expired, each with its dates and role, resent
// with a new expiry.
import type { TeamInvitation } from "@tessera/contracts";
import { Mail } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "@/lib/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { formatDay } from "@/lib/utils";
import { useResendInvitation } from "../api/resend-invitation";

export function PendingInvitationsCard({
  teamId,
  invitations,
}: {
  teamId: string;
  invitations: TeamInvitation[];
}) {
  const { t } = useTranslation("teams");
  const resend = useResendInvitation(teamId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("invitations.title")}</CardTitle>
        <CardDescription>{t("invitations.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {invitations.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("invitations.none")}</p>
        ) : (
          <ul className="flex flex-col divide-y" aria-label={t("invitations.label")}>
            {invitations.map((inv) => {
              const busy = resend.isPending && resend.variables === inv.id;
              return (
                <li key={inv.id} className="flex flex-wrap items-center gap-3 py-3">
                  <Mail aria-hidden="true" className="size-4 text-muted-foreground" />
                  <div className="flex min-w-0 flex-1 flex-col">
                    <span className="flex flex-wrap items-center gap-2 font-medium">
                      <span className="truncate">{inv.email}</span>
                      <Badge variant="outline">{t("invitations.pending")}</Badge>
                    </span>
                    <span className="text-sm text-muted-foreground">
                      {t("invitations.facts", {
                        invited: formatDay(inv.createdAt),
                        expires: formatDay(inv.expiresAt),
                        role: t(`roles.${inv.role}`),
                      })}
                    </span>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={busy}
                    onClick={() =>
                      resend.mutate(inv.id, {
                        onSuccess: () =>
                          toast.success(t("invitations.resent"), {
                            description: t("invitations.sentAgain", { email: inv.email }),
                          }),
                        onError: (err) =>
                          toast.error(t("invitations.resendFailed"), { description: errorMessage(err) }),
                      })
                    }
                  >
                    {busy ? t("invitations.resending") : t("invitations.resend")}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
