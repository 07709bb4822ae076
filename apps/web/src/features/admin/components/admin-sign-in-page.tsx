// Admin → Sign-in: company sign-in with any OpenID Connect provider (Keycloak, Authentik, Entra ID,
// Okta, Google Workspace). The provider is checked as it is saved; the client secret goes in and
// never comes back. A change applies at once, in every process.
import { SSO_DEFAULT_LABEL, SSO_LABEL_MAX, type SsoSettings } from "@tessera/contracts";
import { Copy, KeyRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { Alert, AlertDescription, AlertTitle, FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Label } from "@/components/ui/label";
import { PageSpinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth-context";
import { copyText } from "@/lib/clipboard";
import { toast } from "@/lib/toast";
import { formatWhen } from "@/lib/utils";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useSsoSettings } from "../api/get-sso-settings";
import { useRemoveSsoSettings, useUpdateSsoSettings } from "../api/update-sso-settings";

export function AdminSignInPage() {
  useDocumentTitle("Sign-in");
  const { user } = useAuth();
  const isAdmin = user?.role === "admin";
  const { data, error, isPending } = useSsoSettings(isAdmin);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 p-4 md:p-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Sign-in</h1>
        <p className="text-sm text-muted-foreground">
          Let people sign in with your organisation&apos;s account through any OpenID Connect provider. A
          change applies at once, with no restart.
        </p>
      </header>
      {!isAdmin ? (
        <p role="alert">Only administrators of this instance can change how people sign in.</p>
      ) : error ? (
        <p role="alert">{errorMessage(error)}</p>
      ) : isPending ? (
        <PageSpinner label="Loading sign-in settings" />
      ) : (
        <>
          <CallbackCard settings={data} />
          {/* Keyed by when it was saved: a save elsewhere starts the form again from what is stored. */}
          <SsoForm key={`${data.source ?? "none"}:${data.updatedAt ?? ""}`} settings={data} />
        </>
      )}
    </div>
  );
}

function CallbackCard({ settings }: { settings: SsoSettings }) {
  return (
    <Alert variant="info">
      <KeyRound aria-hidden="true" />
      <AlertTitle>
        {settings.configured
          ? settings.source === "environment"
            ? "Company sign-in is on, set by the server's environment (OIDC_*)"
            : "Company sign-in is on"
          : "Company sign-in is off"}
      </AlertTitle>
      <AlertDescription className="flex flex-col gap-2">
        <p>Register Tessera with your provider as a confidential web client with this redirect URI:</p>
        <div className="flex items-center gap-2">
          <code className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1 font-mono text-xs">
            {settings.callbackUrl}
          </code>
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label="Copy the redirect URI"
            onClick={() => void copyText(settings.callbackUrl)}
          >
            <Copy aria-hidden="true" />
            Copy
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

const splitList = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((d) => d.trim())
    .filter(Boolean);

function SsoForm({ settings }: { settings: SsoSettings }) {
  const update = useUpdateSsoSettings();
  const remove = useRemoveSsoSettings();
  const [issuer, setIssuer] = useState(settings.issuer ?? "");
  const [clientId, setClientId] = useState(settings.clientId ?? "");
  const [clientSecret, setClientSecret] = useState("");
  const [label, setLabel] = useState(settings.buttonLabel === SSO_DEFAULT_LABEL ? "" : settings.buttonLabel);
  const [domains, setDomains] = useState(settings.allowedDomains.join(", "));
  const [joinTeam, setJoinTeam] = useState(settings.joinTeamByDomain);
  const [adminClaim, setAdminClaim] = useState(settings.adminClaim ?? "");
  const [adminValue, setAdminValue] = useState(settings.adminClaimValue ?? "");
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<SsoSettings | null>(null);
  const secretKept = settings.source === "page" && settings.hasClientSecret;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    update.mutate(
      {
        issuer: issuer.trim(),
        clientId: clientId.trim(),
        ...(clientSecret.trim() ? { clientSecret: clientSecret.trim() } : {}),
        buttonLabel: label.trim(),
        allowedDomains: splitList(domains),
        joinTeamByDomain: joinTeam,
        adminClaim: adminClaim.trim() || null,
        adminClaimValue: adminValue.trim() || null,
      },
      {
        onSuccess: () => {
          setClientSecret("");
          toast.success("Sign-in with SSO saved", { description: "The sign-in page offers it now." });
        },
        onError: (err) => setFailure(errorMessage(err)),
      },
    );
  };

  const turnOff = () => {
    setFailure(null);
    remove.mutate(undefined, {
      onSuccess: (after) =>
        toast.success("This page's sign-in settings are removed", {
          description: after.configured
            ? "The server's environment (OIDC_*) still configures sign-in with SSO."
            : "The sign-in page no longer offers SSO.",
        }),
      onError: (err) => setFailure(errorMessage(err)),
    });
  };

  return (
    <Card>
      <form onSubmit={submit} aria-label="OpenID Connect provider">
        <CardContent className="flex flex-col gap-6 pt-6">
          <FormField
            label="Issuer URL"
            value={issuer}
            onChange={(e) => setIssuer(e.target.value)}
            placeholder="https://id.example.com/realms/staff"
            hint="Tessera reads the provider's settings from ISSUER/.well-known/openid-configuration."
            autoComplete="off"
            spellCheck={false}
            required
          />
          <div className="grid gap-6 sm:grid-cols-2">
            <FormField
              label="Client ID"
              value={clientId}
              onChange={(e) => setClientId(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              required
            />
            <FormField
              label="Client secret"
              type="password"
              value={clientSecret}
              onChange={(e) => setClientSecret(e.target.value)}
              autoComplete="new-password"
              placeholder={secretKept ? "•••••••• (kept)" : ""}
              hint={
                secretKept ? "Leave empty to keep the secret already saved." : "Never shown again once saved."
              }
              required={!secretKept}
            />
          </div>
          <FormField
            label="Button label"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            maxLength={SSO_LABEL_MAX}
            placeholder={SSO_DEFAULT_LABEL}
            hint="What the sign-in page's button says."
          />
          <FormField
            label="Allowed email domains"
            value={domains}
            onChange={(e) => setDomains(e.target.value)}
            placeholder="example.com, example.org"
            hint="Separated by commas. Only addresses at these domains may sign in this way; leave empty for any. People from these domains get an account on their first sign-in."
            autoComplete="off"
            spellCheck={false}
          />
          <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
            <div className="flex flex-col gap-0.5">
              <Label htmlFor="sso-join-team">Join a team by email domain</Label>
              <p className="text-xs text-muted-foreground">
                Someone whose verified address is at a team&apos;s proven domain joins that team as a member.
              </p>
            </div>
            <Switch id="sso-join-team" checked={joinTeam} onCheckedChange={setJoinTeam} />
          </div>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-sm font-medium">Admin role from a claim</legend>
            <div className="grid gap-6 sm:grid-cols-2">
              <FormField
                label="Claim"
                value={adminClaim}
                onChange={(e) => setAdminClaim(e.target.value)}
                placeholder="groups"
                hint="A claim name, or a path such as realm_access.roles. Empty: no claim makes an admin."
                autoComplete="off"
                spellCheck={false}
              />
              <FormField
                label="Value"
                value={adminValue}
                onChange={(e) => setAdminValue(e.target.value)}
                placeholder="tessera-admins"
                hint="The claim holds or contains it. Empty: the claim must be true."
                autoComplete="off"
                spellCheck={false}
                disabled={!adminClaim.trim()}
              />
            </div>
            <p className="text-xs text-muted-foreground">
              Someone the claim names becomes an instance admin when they sign in. Removing the claim later
              does not remove the role; do that under Users.
            </p>
          </fieldset>
          <FormError message={failure} />
        </CardContent>
        <CardFooter className="flex-wrap justify-between gap-3">
          <p className="text-xs text-muted-foreground">
            {settings.updatedAt ? `Last changed ${formatWhen(settings.updatedAt)}.` : "Never saved here."}
          </p>
          <div className="flex gap-2">
            {settings.source === "page" ? (
              <Button
                type="button"
                variant="outline"
                disabled={remove.isPending}
                onClick={() => setConfirming(settings)}
              >
                {remove.isPending ? "Removing…" : "Turn off"}
              </Button>
            ) : null}
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? "Checking the provider…" : "Save"}
            </Button>
          </div>
        </CardFooter>
      </form>
      <ConfirmDeleteDialog
        item={confirming}
        title="Turn off sign-in with SSO"
        description={(shown) =>
          shown.environment
            ? "This page's settings are removed; the server's environment (OIDC_*) then applies."
            : "The sign-in page stops offering SSO at once. Accounts stay; people sign in with a password or a reset link."
        }
        action="Turn off"
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          setConfirming(null);
          turnOff();
        }}
      />
    </Card>
  );
}
