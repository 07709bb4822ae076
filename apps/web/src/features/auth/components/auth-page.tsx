import { CircleAlert, Users } from "lucide-react";
import type { i18n as I18n } from "i18next";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useSearchParams } from "react-router";
import { lazyChunk } from "@/lib/chunk-load";
import { toast } from "@/lib/toast";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { PageSpinner, Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useAuth } from "@/lib/auth-context";
import type { SessionUser } from "@/lib/auth-storage";
import { usePublicConfig } from "@/lib/public-config";
import { useDocumentTitle } from "@/lib/use-document-title";
import { signInWithEmail } from "../api/sign-in-with-email";
import { signUpWithEmail } from "../api/sign-up-with-email";
import { AuthForm, EMPTY_VALUES, type AuthMode, type AuthValues } from "./auth-form";
import { authErrorMessage } from "../utils/auth-error-message";
import { AuthLayout } from "./auth-layout";
import { useAuthLinks } from "./use-auth-links";

// Only some sign-ins need these: the code step after a two-factor challenge, and the provider
// buttons on an instance that has providers. Their code loads then.
const TwoFactorStep = lazyChunk(() =>
  import("./two-factor-step").then((m) => ({ default: m.TwoFactorStep })),
);
const SocialSignIn = lazyChunk(() => import("./social-sign-in").then((m) => ({ default: m.SocialSignIn })));

/** Each tab's texts in the auth namespace. */
const COPY = {
  "sign-in": { tab: "tabs.signIn", title: "signIn.title", description: "signIn.description" },
  "sign-up": { tab: "tabs.signUp", title: "signUp.title", description: "signUp.description" },
} as const satisfies Record<AuthMode, { tab: string; title: string; description: string }>;

const PLAN_CHOICES = new Set(["core", "pro", "max", "team"]);

/**
 * Why a provider sign-in came back refused, by its code (contracts' SSO_ERRORS): said from this
 * namespace, so the sign-in page loads neither the contracts' schemas nor zod.
 */
export function providerRefusal(code: string, i18n: I18n): string {
  const key = `auth:provider.${code}`;
  return /^[a-z_]+$/.test(code) && i18n.exists(key) ? i18n.t(key) : i18n.t("auth:provider.fallback");
}

/**
 * Where a signed-in visitor goes: team settings to accept an invitation, back to the plans when they
 * came from choosing one, else the chat.
 */
export function destinationAfterAuth(accept: string | null, plan: string | null = null): string {
  if (accept) return `/dashboard/team-settings?accept=${encodeURIComponent(accept)}`;
  if (plan && PLAN_CHOICES.has(plan)) return `/pricing?plan=${plan}`;
  return "/dashboard/chat";
}

export function AuthPage() {
  const { t, i18n } = useTranslation("auth");
  const { status, signIn } = useAuth();
  const [params] = useSearchParams();
  const accept = params.get("accept");
  const plan = params.get("plan");
  const [mode, setMode] = useState<AuthMode>("sign-in");
  const [step, setStep] = useState<"credentials" | "two-factor">("credentials");
  const [values, setValues] = useState<AuthValues>(EMPTY_VALUES);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t(step === "two-factor" ? "twoFactor.title" : COPY[mode].tab));

  const config = usePublicConfig().data;
  const hasProviders = (config?.socialProviders.length ?? 0) > 0 || Boolean(config?.sso);
  // A provider sign-in that came back refused (company sign-in's domain rule, a cancelled consent).
  const providerError = params.get("error");
  // Until the server has said, mail is taken to be sent (as on most instances).
  const mailSent = config?.mailConfigured ?? true;
  // On an instance without a mail server the confirmation link is only in the server's console.
  const noMail = t("noMail");
  const links = useAuthLinks(values.email, mailSent ? null : noMail);
  if (status === "loading") return <PageSpinner />;
  if (status === "signed-in") return <Navigate to={destinationAfterAuth(accept, plan)} replace />;

  const switchMode = (next: string) => {
    setMode(next as AuthMode);
    setValues(EMPTY_VALUES);
    setError(null);
    setSentTo(null);
  };

  const welcome = async (token: string, user: SessionUser) => {
    await signIn(token, user);
    toast.success(t("signIn.welcome"), { description: t("signIn.welcomeDescription") });
  };

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      if (mode === "sign-in") {
        const result = await signInWithEmail({ email: values.email.trim(), password: values.password });
        if (result.kind === "two-factor") setStep("two-factor");
        else await welcome(result.token, result.user);
      } else {
        const email = values.email.trim();
        await signUpWithEmail({ name: values.fullName.trim(), email, password: values.password });
        toast.success(t("signUp.created"), {
          description: mailSent ? t("signUp.createdDescription") : noMail,
        });
        setMode("sign-in");
        setValues({ ...EMPTY_VALUES, email });
        setSentTo(email);
      }
    } catch (err) {
      const message = authErrorMessage(err, t);
      setError(message);
      toast.error(t(mode === "sign-in" ? "signIn.failed" : "signUp.failed"), { description: message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout>
      <Card className="shadow-xl shadow-indigo-950/5 dark:shadow-black/30">
        {step === "two-factor" ? (
          <CardContent className="pt-6">
            <Suspense fallback={<Spinner className="mx-auto my-8 size-6" />}>
              <TwoFactorStep
                onVerified={welcome}
                onBack={() => {
                  setStep("credentials");
                  setValues((v) => ({ ...v, password: "" }));
                }}
              />
            </Suspense>
          </CardContent>
        ) : (
          <Tabs value={mode} onValueChange={switchMode}>
            <CardHeader className="gap-5 pb-4">
              <TabsList aria-label={t("tabs.label")}>
                <TabsTrigger value="sign-in">{t(COPY["sign-in"].tab)}</TabsTrigger>
                <TabsTrigger value="sign-up">{t(COPY["sign-up"].tab)}</TabsTrigger>
              </TabsList>
              <div className="flex flex-col gap-1.5">
                <h1 className="text-2xl leading-tight font-semibold tracking-tight">{t(COPY[mode].title)}</h1>
                <CardDescription>{t(COPY[mode].description)}</CardDescription>
              </div>
              {providerError && step === "credentials" ? (
                <Alert variant="destructive" role="alert">
                  <CircleAlert aria-hidden="true" />
                  <AlertDescription>{providerRefusal(providerError, i18n)}</AlertDescription>
                </Alert>
              ) : null}
              {accept ? (
                <Alert
                  variant="info"
                  role="status"
                  className="[&>[data-slot=alert-description]]:text-accent-foreground"
                >
                  <Users aria-hidden="true" />
                  <AlertDescription>{t("invited")}</AlertDescription>
                </Alert>
              ) : null}
            </CardHeader>
            <CardContent className="flex flex-col gap-5">
              {(["sign-in", "sign-up"] as const).map((tab) => (
                <TabsContent key={tab} value={tab}>
                  <AuthForm
                    mode={tab}
                    values={values}
                    onChange={setValues}
                    busy={busy}
                    error={error}
                    sentTo={sentTo}
                    mailSent={mailSent}
                    onSubmit={() => void submit()}
                    onResend={links.resendVerification}
                    onForgotPassword={links.forgotPassword}
                    linkBusy={links.busy}
                  />
                </TabsContent>
              ))}
              {hasProviders ? (
                <Suspense fallback={null}>
                  <SocialSignIn disabled={busy} />
                </Suspense>
              ) : null}
            </CardContent>
          </Tabs>
        )}
      </Card>
    </AuthLayout>
  );
}
