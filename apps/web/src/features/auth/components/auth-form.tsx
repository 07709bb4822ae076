import { MailCheck, MailX } from "lucide-react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription, AlertTitle, FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";

export type AuthMode = "sign-in" | "sign-up";
export interface AuthValues {
  fullName: string;
  email: string;
  password: string;
}
export const EMPTY_VALUES: AuthValues = { fullName: "", email: "", password: "" };

interface AuthFormProps {
  mode: AuthMode;
  values: AuthValues;
  onChange: (values: AuthValues) => void;
  busy: boolean;
  error: string | null;
  /** The address a verification link was just sent to, after sign-up. */
  sentTo: string | null;
  /** This instance sends mail; without a mail server the link waits in its console. */
  mailSent: boolean;
  onSubmit: () => void;
  onResend: () => void;
  onForgotPassword: () => void;
  linkBusy: boolean;
}

export function AuthForm({
  mode,
  values,
  onChange,
  busy,
  error,
  sentTo,
  mailSent,
  onSubmit,
  onResend,
  onForgotPassword,
  linkBusy,
}: AuthFormProps) {
  const { t } = useTranslation("auth");
  const signIn = mode === "sign-in";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-busy={busy}>
      {sentTo && mailSent ? (
        <Alert variant="info" role="status">
          <MailCheck aria-hidden="true" />
          <AlertTitle>{t("form.checkInbox")}</AlertTitle>
          <AlertDescription>{t("form.sentTo", { email: sentTo })}</AlertDescription>
        </Alert>
      ) : sentTo ? (
        <Alert variant="info" role="status">
          <MailX aria-hidden="true" />
          <AlertTitle>{t("form.noMailTitle")}</AlertTitle>
          <AlertDescription>{t("form.noMailFor", { email: sentTo })}</AlertDescription>
        </Alert>
      ) : null}
      <FormError message={error} />
      {!signIn ? (
        <FormField
          label={t("form.fullName")}
          name="name"
          autoComplete="name"
          placeholder={t("form.fullNamePlaceholder")}
          value={values.fullName}
          onChange={(e) => onChange({ ...values, fullName: e.target.value })}
        />
      ) : null}
      <FormField
        label={t("form.email")}
        name="email"
        type="email"
        autoComplete="email"
        placeholder={t("form.emailPlaceholder")}
        required
        value={values.email}
        onChange={(e) => onChange({ ...values, email: e.target.value })}
      />
      <FormField
        label={t("form.password")}
        name="password"
        type="password"
        autoComplete={signIn ? "current-password" : "new-password"}
        required
        value={values.password}
        onChange={(e) => onChange({ ...values, password: e.target.value })}
        labelAside={
          signIn ? (
            <Button variant="link" size="inline" onClick={onForgotPassword} disabled={linkBusy}>
              {t("form.forgot")}
            </Button>
          ) : null
        }
      />
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy}>
        {busy ? <Spinner /> : null}
        {busy ? t(signIn ? "signIn.busy" : "signUp.busy") : t(signIn ? "tabs.signIn" : "tabs.signUp")}
      </Button>
      <p className="text-center text-xs text-muted-foreground">
        {t("form.noVerification")}{" "}
        <Button variant="link" size="inline" onClick={onResend} disabled={linkBusy}>
          {t("form.resend")}
        </Button>
      </p>
    </form>
  );
}
