import { ShieldCheck, ShieldOff } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/lib/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useAuth } from "@/lib/auth-context";
import {
  confirmTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  type TwoFactorEnrolment,
} from "../api/two-factor";
import { PasswordDialog } from "./password-dialog";
import { TwoFactorSetup } from "./two-factor-setup";

export function TwoFactorCard() {
  const { t } = useTranslation("account");
  const { user, signIn, refresh } = useAuth();
  const enabled = Boolean(user?.twoFactorEnabled);
  const [dialog, setDialog] = useState<"enable" | "disable" | null>(null);
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);

  // The server replaced our session; carry on with the new one (and the new two-factor status).
  const adopt = async (token: string | null) => (token ? signIn(token) : refresh());

  const start = async (password: string) => {
    setEnrolment(await enableTwoFactor(password));
    setDialog(null);
  };
  const confirm = async (code: string) => {
    await adopt(await confirmTwoFactor(code));
    setEnrolment(null);
    toast.success(t("twoFactor.enabledToast"), { description: t("twoFactor.enabledToastDescription") });
  };
  const disable = async (password: string) => {
    await adopt(await disableTwoFactor(password));
    setDialog(null);
    toast.success(t("twoFactor.disabledToast"));
  };

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="flex flex-col gap-1.5">
          <CardTitle>{t("twoFactor.title")}</CardTitle>
          <CardDescription>{t("twoFactor.description")}</CardDescription>
        </div>
        <Badge variant={enabled ? "success" : "secondary"} data-testid="two-factor-status">
          {enabled ? <ShieldCheck aria-hidden="true" /> : <ShieldOff aria-hidden="true" />}
          {enabled ? t("twoFactor.enabled") : t("twoFactor.disabled")}
        </Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {enrolment ? (
          <TwoFactorSetup enrolment={enrolment} onConfirm={confirm} onCancel={() => setEnrolment(null)} />
        ) : enabled ? (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground">{t("twoFactor.onText")}</p>
            <Button
              variant="outline"
              className="text-destructive hover:text-destructive"
              onClick={() => setDialog("disable")}
            >
              {t("twoFactor.disable")}
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground">{t("twoFactor.offText")}</p>
            <Button onClick={() => setDialog("enable")}>
              <ShieldCheck aria-hidden="true" />
              {t("twoFactor.enable")}
            </Button>
          </div>
        )}
      </CardContent>
      <PasswordDialog
        open={dialog === "enable"}
        onOpenChange={(open) => setDialog(open ? "enable" : null)}
        title={t("twoFactor.enableTitle")}
        description={t("twoFactor.enableDescription")}
        confirmLabel={t("twoFactor.continue")}
        onConfirm={start}
      />
      <PasswordDialog
        open={dialog === "disable"}
        onOpenChange={(open) => setDialog(open ? "disable" : null)}
        title={t("twoFactor.disableTitle")}
        description={t("twoFactor.disableDescription")}
        confirmLabel={t("twoFactor.disableConfirm")}
        destructive
        onConfirm={disable}
      />
    </Card>
  );
}
