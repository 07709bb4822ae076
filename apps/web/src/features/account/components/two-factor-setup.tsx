import { Copy } from "lucide-react";
import { QRCodeSVG } from "qrcode.react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { copyText } from "@/lib/clipboard";
import { secretOf, type TwoFactorEnrolment } from "../api/two-factor";

interface TwoFactorSetupProps {
  enrolment: TwoFactorEnrolment;
  /** Throws to keep the form open with the server's message. */
  onConfirm: (code: string) => Promise<void>;
  onCancel: () => void;
}

/** Scan (or type) the secret, keep the backup codes, then prove it works with one code. */
export function TwoFactorSetup({ enrolment, onConfirm, onCancel }: TwoFactorSetupProps) {
  const { t } = useTranslation("account");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const secret = secretOf(enrolment.totpURI);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onConfirm(code.trim());
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <ol className="grid gap-6 md:grid-cols-2">
        <li className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold">{t("twoFactor.setup.scan")}</h3>
          <div className="w-fit rounded-xl border bg-white p-3 shadow-xs">
            <QRCodeSVG value={enrolment.totpURI} size={168} title={t("twoFactor.setup.qrCode")} />
          </div>
          {secret ? (
            <div className="flex flex-col gap-1.5">
              <p className="text-xs text-muted-foreground">{t("twoFactor.setup.cantScan")}</p>
              <div className="flex items-center gap-2">
                <code
                  data-testid="totp-secret"
                  className="rounded-md bg-muted px-2 py-1 font-mono text-sm break-all"
                >
                  {secret}
                </code>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t("twoFactor.setup.copySecret")}
                  onClick={() => void copyText(secret)}
                >
                  <Copy aria-hidden="true" />
                </Button>
              </div>
            </div>
          ) : null}
        </li>
        <li className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold">{t("twoFactor.setup.saveCodes")}</h3>
          <p className="text-xs text-muted-foreground">{t("twoFactor.setup.codesHint")}</p>
          <ul
            aria-label={t("twoFactor.setup.backupCodes")}
            className="grid grid-cols-2 gap-1.5 rounded-xl border bg-muted/50 p-3"
          >
            {enrolment.backupCodes.map((backup) => (
              <li key={backup} className="font-mono text-sm tracking-wide">
                {backup}
              </li>
            ))}
          </ul>
          <Button
            variant="outline"
            size="sm"
            className="w-fit"
            onClick={() => void copyText(enrolment.backupCodes.join("\n"))}
          >
            <Copy aria-hidden="true" />
            {t("twoFactor.setup.copyCodes")}
          </Button>
        </li>
      </ol>
      <form onSubmit={submit} className="flex flex-col gap-3 border-t pt-5">
        <h3 className="text-sm font-semibold">{t("twoFactor.setup.enterCode")}</h3>
        <FormError message={error} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <FormField
            label={t("twoFactor.setup.code")}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]{6}"
            maxLength={6}
            placeholder="123456"
            required
            className="sm:w-56 [&_input]:font-mono [&_input]:tracking-widest"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner /> : null}
              {t("twoFactor.setup.confirm")}
            </Button>
            <Button variant="ghost" onClick={onCancel} disabled={busy}>
              {t("twoFactor.setup.cancel")}
            </Button>
          </div>
        </div>
      </form>
    </div>
  );
}
