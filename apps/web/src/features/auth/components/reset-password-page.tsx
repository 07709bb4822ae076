import { ArrowLeft, CircleAlert, KeyRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "@/lib/toast";
import { Alert, AlertDescription, AlertTitle, FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";
import { resetPassword } from "../api/reset-password";
import { authErrorMessage } from "../utils/auth-error-message";
import { AuthLayout } from "./auth-layout";

/**
 * Where the mailed reset link lands: /auth/reset-password?token=… (or ?error=INVALID_TOKEN). A
 * confirmation link opened in another browser than the sign-up's lands here too (&confirm=1): the
 * password chosen here is the account's, and choosing it confirms the address.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation("resetPassword");
  // The refusals' texts are sign-in's (auth-error-message.ts).
  const { t: authT } = useTranslation("auth");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token");
  const confirming = params.get("confirm") === "1";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A link that is broken from the start, or that the server refused: no form, the way to a new one.
  const [linkRefused, setLinkRefused] = useState(false);
  const linkBroken = linkRefused || Boolean(params.get("error")) || !token;
  useDocumentTitle(t(confirming ? "confirmPageTitle" : "resetPageTitle"));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    if (password !== confirm) return setError(t("mismatch"));
    setBusy(true);
    setError(null);
    try {
      await resetPassword({ token, newPassword: password });
      if (confirming) toast.success(t("confirmed"), { description: t("confirmedDescription") });
      else toast.success(t("done"), { description: t("doneDescription") });
      void navigate("/auth", { replace: true });
    } catch (err) {
      const message = authErrorMessage(err, authT);
      if (err instanceof ApiError && err.code === "INVALID_TOKEN") setLinkRefused(true);
      else setError(message);
      toast.error(t("failed"), { description: message });
      setBusy(false);
    }
  };

  return (
    <AuthLayout>
      <Card className="shadow-xl shadow-indigo-950/5 dark:shadow-black/30">
        <CardHeader className="pb-4">
          <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <KeyRound className="size-5" aria-hidden="true" />
          </span>
          <h1 className="text-2xl leading-tight font-semibold tracking-tight">
            {t(confirming ? "chooseYour" : "chooseNew")}
          </h1>
          <CardDescription>{t(confirming ? "confirmIntro" : "resetIntro")}</CardDescription>
        </CardHeader>
        <CardContent>
          {linkBroken ? (
            <div className="flex flex-col gap-4">
              <Alert variant="destructive" role="alert">
                <CircleAlert aria-hidden="true" />
                <AlertTitle>{t("invalidLink")}</AlertTitle>
                <AlertDescription>{t("askNew")}</AlertDescription>
              </Alert>
              <Button asChild variant="outline">
                <Link to="/auth">
                  <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
                  {t("back")}
                </Link>
              </Button>
            </div>
          ) : (
            <form onSubmit={submit} className="flex flex-col gap-4" aria-busy={busy}>
              <FormError message={error} />
              <FormField
                label={t("newPassword")}
                name="new-password"
                type="password"
                autoComplete="new-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <FormField
                label={t("confirmPassword")}
                name="confirm-password"
                type="password"
                autoComplete="new-password"
                required
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
              />
              <Button type="submit" size="lg" className="w-full" disabled={busy}>
                {busy ? <Spinner /> : null}
                {t(busy ? "saving" : confirming ? "confirmAccount" : "resetPassword")}
              </Button>
              <Button asChild variant="ghost" size="sm" className="self-center">
                <Link to="/auth">{t("back")}</Link>
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
