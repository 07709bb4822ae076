import { SSO_ERROR_FALLBACK, SSO_ERRORS } from "@tessera/contracts";
import { CircleAlert, Users } from "lucide-react";
import { Suspense, useState } from "react";
import { Navigate, useSearchParams } from "react-router";
import { lazyChunk } from "@/lib/chunk-load";
import { toast } from "@/lib/toast";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { PageSpinner, Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth-context";
import type { SessionUser } from "@/lib/auth-storage";
import { usePublicConfig } from "@/lib/public-config";
import { useDocumentTitle } from "@/lib/use-document-title";
import { signInWithEmail } from "../api/sign-in-with-email";
import { signUpWithEmail } from "../api/sign-up-with-email";
import { AuthForm, EMPTY_VALUES, type AuthMode, type AuthValues } from "./auth-form";
import { AuthLayout } from "./auth-layout";
import { useAuthLinks } from "./use-auth-links";

// Only some sign-ins need these: the code step after a two-factor challenge, and the provider
// buttons on an instance that has providers. Their code loads then.
const TwoFactorStep = lazyChunk(() =>
  import("./two-factor-step").then((m) => ({ default: m.TwoFactorStep })),
);
const SocialSignIn = lazyChunk(() => import("./social-sign-in").then((m) => ({ default: m.SocialSignIn })));

const COPY: Record<AuthMode, { tab: string; title: string; description: string }> = {
  "sign-in": { tab: "Sign In", title: "Welcome back", description: "Sign in to continue to your workspace." },
  "sign-up": {
    tab: "Create Account",
    title: "Create your account",
    description: "Chat, search and create with many AI models in one place.",
  },
};

const PLAN_CHOICES = new Set(["core", "pro", "max", "team"]);

/** On an instance without a mail server the confirmation link is only in the server's console. */
export const NO_MAIL =
  "This server sends no mail: ask whoever runs it for your confirmation link; it is printed in the server's console.";

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
  useDocumentTitle(step === "two-factor" ? "Two-factor authentication" : COPY[mode].tab);

  const config = usePublicConfig().data;
  const hasProviders = (config?.socialProviders.length ?? 0) > 0 || Boolean(config?.sso);
  // A provider sign-in that came back refused (company sign-in's domain rule, a cancelled consent).
  const providerError = params.get("error");
  // Until the server has said, mail is taken to be sent (as on most instances).
  const mailSent = config?.mailConfigured ?? true;
  const links = useAuthLinks(values.email, mailSent ? null : NO_MAIL);
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
    toast.success("Welcome back!", { description: "You've successfully signed in." });
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
        toast.success("Account created!", {
          description: mailSent ? "Please check your email to verify your account." : NO_MAIL,
        });
        setMode("sign-in");
        setValues({ ...EMPTY_VALUES, email });
        setSentTo(email);
      }
    } catch (err) {
      const message = errorMessage(err);
      setError(message);
      toast.error(mode === "sign-in" ? "Sign in failed" : "Sign up failed", { description: message });
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
              <TabsList aria-label="Sign in or create an account">
                <TabsTrigger value="sign-in">{COPY["sign-in"].tab}</TabsTrigger>
                <TabsTrigger value="sign-up">{COPY["sign-up"].tab}</TabsTrigger>
              </TabsList>
              <div className="flex flex-col gap-1.5">
                <h1 className="text-2xl leading-tight font-semibold tracking-tight">{COPY[mode].title}</h1>
                <CardDescription>{COPY[mode].description}</CardDescription>
              </div>
              {providerError && step === "credentials" ? (
                <Alert variant="destructive" role="alert">
                  <CircleAlert aria-hidden="true" />
                  <AlertDescription>
                    {Object.hasOwn(SSO_ERRORS, providerError)
                      ? SSO_ERRORS[providerError]
                      : SSO_ERROR_FALLBACK}
                  </AlertDescription>
                </Alert>
              ) : null}
              {accept ? (
                <Alert variant="info" role="status">
                  <Users aria-hidden="true" />
                  <AlertDescription className="text-accent-foreground">
                    You&apos;ve been invited to join a team. Sign in or create an account to accept.
                  </AlertDescription>
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
