import type { SocialProvider } from "@tessera/contracts";
import { KeyRound } from "lucide-react";
import { useState, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { usePublicConfig } from "@/lib/public-config";
import { signInWithSocial } from "../api/sign-in-with-social";
import { signInWithSso } from "../api/sign-in-with-sso";
import { authErrorMessage } from "../utils/auth-error-message";

const PROVIDERS: Record<SocialProvider, { label: "social.github" | "social.google"; icon: ComponentType }> = {
  github: { label: "social.github", icon: GitHubIcon },
  google: { label: "social.google", icon: GoogleIcon },
};

/**
 * Company sign-in first when the admin set it up (Admin → Sign-in), then one button per social
 * provider this instance has configured; nothing when there are none.
 */
export function SocialSignIn({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation("auth");
  const { data } = usePublicConfig();
  const [pending, setPending] = useState<SocialProvider | "sso" | null>(null);
  const providers = data?.socialProviders ?? [];
  const sso = data?.sso ?? null;
  if (providers.length === 0 && !sso) return null;

  const start = async (provider: SocialProvider | "sso") => {
    setPending(provider);
    try {
      await (provider === "sso" ? signInWithSso() : signInWithSocial(provider));
    } catch (error) {
      toast.error(t("signIn.failed"), { description: authErrorMessage(error, t) });
      setPending(null);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
        <span className="h-px flex-1 bg-border" />
        {t("social.or")}
        <span className="h-px flex-1 bg-border" />
      </div>
      {sso ? (
        <Button
          variant="outline"
          className="w-full"
          disabled={disabled || pending !== null}
          onClick={() => void start("sso")}
        >
          {pending === "sso" ? <Spinner /> : <KeyRound aria-hidden="true" />}
          {sso.label}
        </Button>
      ) : null}
      {providers.map((provider) => {
        const { label, icon: Icon } = PROVIDERS[provider];
        return (
          <Button
            key={provider}
            variant="outline"
            className="w-full"
            disabled={disabled || pending !== null}
            onClick={() => void start(provider)}
          >
            {pending === provider ? <Spinner /> : <Icon />}
            {t(label)}
          </Button>
        );
      })}
    </div>
  );
}

function GitHubIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4" fill="currentColor">
      <path d="M12 .5a11.5 11.5 0 0 0-3.64 22.41c.58.1.79-.25.79-.56v-2c-3.2.7-3.88-1.36-3.88-1.36-.52-1.33-1.28-1.69-1.28-1.69-1.05-.71.08-.7.08-.7 1.16.08 1.77 1.19 1.77 1.19 1.03 1.77 2.7 1.26 3.36.96.1-.75.4-1.26.73-1.55-2.56-.29-5.25-1.28-5.25-5.69 0-1.26.45-2.28 1.19-3.09-.12-.29-.52-1.46.11-3.05 0 0 .97-.31 3.17 1.18a11 11 0 0 1 5.77 0c2.2-1.49 3.17-1.18 3.17-1.18.63 1.59.23 2.76.11 3.05.74.81 1.19 1.83 1.19 3.09 0 4.42-2.7 5.39-5.27 5.68.41.36.78 1.06.78 2.14v3.17c0 .31.21.67.8.56A11.5 11.5 0 0 0 12 .5Z" />
    </svg>
  );
}

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4">
      <path
        fill="#4285F4"
        d="M23.5 12.27c0-.82-.07-1.6-.2-2.36H12v4.47h6.45a5.52 5.52 0 0 1-2.4 3.62v3h3.88c2.27-2.09 3.57-5.17 3.57-8.73Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.24 0 5.96-1.07 7.94-2.91l-3.88-3c-1.08.72-2.45 1.15-4.06 1.15-3.12 0-5.77-2.11-6.71-4.95H1.28v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.29 14.29a7.2 7.2 0 0 1 0-4.58v-3.1H1.28a12 12 0 0 0 0 10.78l4.01-3.1Z" />
      <path
        fill="#EA4335"
        d="M12 4.77c1.76 0 3.34.6 4.59 1.8l3.44-3.44A11.94 11.94 0 0 0 12 0 12 12 0 0 0 1.28 6.61l4.01 3.1C6.23 6.88 8.88 4.77 12 4.77Z"
      />
    </svg>
  );
}
