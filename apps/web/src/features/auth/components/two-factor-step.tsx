import { ArrowLeft, ShieldCheck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/lib/toast";
import { FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import type { SessionUser } from "@/lib/auth-storage";
import { verifyTwoFactor, type TwoFactorMethod } from "../api/verify-two-factor";
import { authErrorMessage } from "../utils/auth-error-message";

interface TwoFactorStepProps {
  onVerified: (token: string, user: SessionUser) => Promise<void>;
  onBack: () => void;
}

/** The second sign-in step for accounts with two-factor authentication. */
export function TwoFactorStep({ onVerified, onBack }: TwoFactorStepProps) {
  const { t } = useTranslation("auth");
  const [method, setMethod] = useState<TwoFactorMethod>("totp");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const totp = method === "totp";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { token, user } = await verifyTwoFactor({ code: code.trim(), method });
      await onVerified(token, user);
    } catch (err) {
      const message = authErrorMessage(err, t);
      setError(message);
      toast.error(t("twoFactor.failed"), { description: message });
      setBusy(false);
    }
  };

  const switchMethod = () => {
    setMethod(totp ? "backup-code" : "totp");
    setCode("");
    setError(null);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-5" aria-busy={busy}>
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <ShieldCheck className="size-5" aria-hidden="true" />
        </span>
        <div className="flex flex-col gap-1">
          <h1 className="text-xl font-semibold tracking-tight">{t("twoFactor.title")}</h1>
          <p className="text-sm text-muted-foreground">
            {t(totp ? "twoFactor.totpHint" : "twoFactor.backupHint")}
          </p>
        </div>
      </div>
      <FormError message={error} />
      <FormField
        label={t(totp ? "twoFactor.totpLabel" : "twoFactor.backupLabel")}
        name="code"
        autoComplete="one-time-code"
        inputMode={totp ? "numeric" : "text"}
        pattern={totp ? "[0-9]{6}" : undefined}
        maxLength={totp ? 6 : 64}
        placeholder={totp ? "123456" : t("twoFactor.backupPlaceholder")}
        required
        autoFocus
        className="[&_input]:font-mono [&_input]:tracking-widest"
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? <Spinner /> : null}
        {t(busy ? "twoFactor.verifying" : "twoFactor.verify")}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button variant="ghost" size="sm" onClick={onBack} disabled={busy}>
          <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
          {t("twoFactor.back")}
        </Button>
        <Button variant="link" size="sm" onClick={switchMethod} disabled={busy}>
          {t(totp ? "twoFactor.useBackup" : "twoFactor.useTotp")}
        </Button>
      </div>
    </form>
  );
}
