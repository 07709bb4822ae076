import { ArrowLeft, CircleAlert, KeyRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "@/lib/toast";
import { Alert, AlertDescription, AlertTitle, FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";
import { resetPassword } from "../api/reset-password";
import { AuthLayout } from "./auth-layout";

export const INVALID_LINK_MESSAGE = "This reset link is invalid or has expired.";

/**
 * Where the mailed reset link lands: /auth/reset-password?token=… (or ?error=INVALID_TOKEN). A
 * confirmation link opened in another browser than the sign-up's lands here too (&confirm=1): the
 * password chosen here is the account's, and choosing it confirms the address.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token");
  const confirming = params.get("confirm") === "1";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(
    params.get("error") || !token ? INVALID_LINK_MESSAGE : null,
  );
  const linkBroken = error === INVALID_LINK_MESSAGE;
  useDocumentTitle(confirming ? "Confirm your account" : "Reset password");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    if (password !== confirm) return setError("The two passwords do not match.");
    setBusy(true);
    setError(null);
    try {
      await resetPassword({ token, newPassword: password });
      if (confirming)
        toast.success("Account confirmed", { description: "Sign in with the password you chose." });
      else toast.success("Password reset", { description: "Sign in with your new password." });
      void navigate("/auth", { replace: true });
    } catch (err) {
      const message =
        err instanceof ApiError && err.code === "INVALID_TOKEN" ? INVALID_LINK_MESSAGE : errorMessage(err);
      setError(message);
      toast.error("Could not reset password", { description: message });
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
            {confirming ? "Choose your password" : "Choose a new password"}
          </h1>
          <CardDescription>
            {confirming
              ? "Your email is confirmed once you choose the password here. This link was opened in another browser than the one you signed up in, so the account's password is set where the mail arrived."
              : "After the reset you are signed out everywhere; sign in again with the new password."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {linkBroken ? (
            <div className="flex flex-col gap-4">
              <Alert variant="destructive" role="alert">
                <CircleAlert aria-hidden="true" />
                <AlertTitle>{INVALID_LINK_MESSAGE}</AlertTitle>
                <AlertDescription>
                  Ask for a new one with “Forgot password?” on the sign-in page.
                </AlertDescription>
              </Alert>
              <Button asChild variant="outline">
                <Link to="/auth">
                  <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
                  Back to sign in
                </Link>
              </Button>
            </div>
          ) : (
            <form onSubmit={submit} className="flex flex-col gap-4" aria-busy={busy}>
              <FormError message={error} />
              <FormField
                label="New password"
                name="new-password"
                type="password"
                autoComplete="new-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <FormField
                label="Confirm password"
                name="confirm-password"
                type="password"
                autoComplete="new-password"
                required
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
              />
              <Button type="submit" size="lg" className="w-full" disabled={busy}>
                {busy ? <Spinner /> : null}
                {busy ? "Saving..." : confirming ? "Confirm account" : "Reset password"}
              </Button>
              <Button asChild variant="ghost" size="sm" className="self-center">
                <Link to="/auth">Back to sign in</Link>
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
