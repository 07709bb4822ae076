import { ShieldCheck, ShieldOff } from "lucide-react";
import { useState } from "react";
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
    toast.success("Two-factor authentication enabled", {
      description: "You will be asked for a code when you sign in.",
    });
  };
  const disable = async (password: string) => {
    await adopt(await disableTwoFactor(password));
    setDialog(null);
    toast.success("Two-factor authentication disabled");
  };

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Two-factor authentication</CardTitle>
          <CardDescription>
            A code from an authenticator app as a second step when you sign in.
          </CardDescription>
        </div>
        <Badge variant={enabled ? "success" : "secondary"} data-testid="two-factor-status">
          {enabled ? <ShieldCheck aria-hidden="true" /> : <ShieldOff aria-hidden="true" />}
          {enabled ? "Enabled" : "Disabled"}
        </Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {enrolment ? (
          <TwoFactorSetup enrolment={enrolment} onConfirm={confirm} onCancel={() => setEnrolment(null)} />
        ) : enabled ? (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground">
              Two-factor authentication is on. Signing in asks for a code from your app or a backup code.
            </p>
            <Button
              variant="outline"
              className="text-destructive hover:text-destructive"
              onClick={() => setDialog("disable")}
            >
              Disable
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground">
              Protect your account even if your password leaks. Works with 1Password, Authy, Google
              Authenticator and others.
            </p>
            <Button onClick={() => setDialog("enable")}>
              <ShieldCheck aria-hidden="true" />
              Enable two-factor
            </Button>
          </div>
        )}
      </CardContent>
      <PasswordDialog
        open={dialog === "enable"}
        onOpenChange={(open) => setDialog(open ? "enable" : null)}
        title="Turn on two-factor authentication"
        description="Enter your password to set up an authenticator app."
        confirmLabel="Continue"
        onConfirm={start}
      />
      <PasswordDialog
        open={dialog === "disable"}
        onOpenChange={(open) => setDialog(open ? "disable" : null)}
        title="Turn off two-factor authentication"
        description="Enter your password. Signing in will then ask for your password only."
        confirmLabel="Disable two-factor"
        destructive
        onConfirm={disable}
      />
    </Card>
  );
}
