// Admin → Sign-in: company sign-in with any OpenID Connect provider (Keycloak, Authentik, Entra ID,
// Okta, Google Workspace). The provider is checked as it is saved; the client secret goes in and
// never comes back. A change applies at once, in every process.
import { SSO_DEFAULT_LABEL, SSO_LABEL_MAX, type SsoSettings } from "@tessera/contracts";
import { Copy, KeyRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
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
  const { t } = useTranslation("admin");
  useDocumentTitle(t("sso.title"));
  const { user } = useAuth();
  const isAdmin = user?.role === "admin";
  const { data, error, isPending } = useSsoSettings(isAdmin);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 p-4 md:p-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t("sso.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("sso.intro")}</p>
      </header>
      {!isAdmin ? (
        <p role="alert">{t("sso.adminsOnly")}</p>
      ) : error ? (
        <p role="alert">{errorMessage(error)}</p>
      ) : isPending ? (
        <PageSpinner label={t("sso.loading")} />
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
  const { t } = useTranslation("admin");
  return (
    <Alert variant="info">
      <KeyRound aria-hidden="true" />
      <AlertTitle>
        {settings.configured
          ? settings.source === "environment"
            ? t("sso.onEnvironment")
            : t("sso.on")
          : t("sso.off")}
      </AlertTitle>
      <AlertDescription className="flex flex-col gap-2">
        <p>{t("sso.register")}</p>
        <div className="flex items-center gap-2">
          <code className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1 font-mono text-xs">
            {settings.callbackUrl}
          </code>
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label={t("sso.copyLabel")}
            onClick={() => void copyText(settings.callbackUrl)}
          >
            <Copy aria-hidden="true" />
            {t("sso.copy")}
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
  const { t } = useTranslation("admin");
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
          toast.success(t("sso.saved"), { description: t("sso.savedDescription") });
        },
        onError: (err) => setFailure(errorMessage(err)),
      },
    );
  };

  const turnOff = () => {
    setFailure(null);
    remove.mutate(undefined, {
      onSuccess: (after) =>
        toast.success(t("sso.removed"), {
          description: after.configured ? t("sso.removedEnvironment") : t("sso.removedOff"),
        }),
      onError: (err) => setFailure(errorMessage(err)),
    });
  };

  return (
    <Card>
      <form onSubmit={submit} aria-label={t("sso.provider")}>
        <CardContent className="flex flex-col gap-6 pt-6">
          <FormField
            label={t("sso.issuer")}
            value={issuer}
            dir="ltr"
            onChange={(e) => setIssuer(e.target.value)}
            placeholder={t("placeholders.issuer")}
            hint={t("sso.issuerHint")}
            autoComplete="off"
            spellCheck={false}
            required
          />
          <div className="grid gap-6 sm:grid-cols-2">
            <FormField
              label={t("sso.clientId")}
              value={clientId}
              dir="ltr"
              onChange={(e) => setClientId(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              required
            />
            <FormField
              label={t("sso.clientSecret")}
              type="password"
              value={clientSecret}
              onChange={(e) => setClientSecret(e.target.value)}
              autoComplete="new-password"
              placeholder={secretKept ? t("sso.secretKept") : ""}
              hint={secretKept ? t("sso.secretKeptHint") : t("sso.secretHint")}
              required={!secretKept}
            />
          </div>
          <FormField
            label={t("sso.buttonLabel")}
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            maxLength={SSO_LABEL_MAX}
            placeholder={SSO_DEFAULT_LABEL}
            hint={t("sso.buttonLabelHint")}
          />
          <FormField
            label={t("settings.domains")}
            value={domains}
            dir="ltr"
            onChange={(e) => setDomains(e.target.value)}
            placeholder={t("settings.domainsPlaceholder")}
            hint={t("sso.domainsHint")}
            autoComplete="off"
            spellCheck={false}
          />
          <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
            <div className="flex flex-col gap-0.5">
              <Label htmlFor="sso-join-team">{t("sso.joinTeam")}</Label>
              <p className="text-xs text-muted-foreground">{t("sso.joinTeamHint")}</p>
            </div>
            <Switch id="sso-join-team" checked={joinTeam} onCheckedChange={setJoinTeam} />
          </div>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-sm font-medium">{t("sso.adminClaim")}</legend>
            <div className="grid gap-6 sm:grid-cols-2">
              <FormField
                label={t("sso.claim")}
                value={adminClaim}
                dir="ltr"
                onChange={(e) => setAdminClaim(e.target.value)}
                placeholder={t("placeholders.claim")}
                hint={t("sso.claimHint")}
                autoComplete="off"
                spellCheck={false}
              />
              <FormField
                label={t("sso.value")}
                value={adminValue}
                dir="ltr"
                onChange={(e) => setAdminValue(e.target.value)}
                placeholder={t("placeholders.claimValue")}
                hint={t("sso.valueHint")}
                autoComplete="off"
                spellCheck={false}
                disabled={!adminClaim.trim()}
              />
            </div>
            <p className="text-xs text-muted-foreground">{t("sso.claimText")}</p>
          </fieldset>
          <FormError message={failure} />
        </CardContent>
        <CardFooter className="flex-wrap justify-between gap-3">
          <p className="text-xs text-muted-foreground">
            {settings.updatedAt
              ? t("settings.lastChanged", { when: formatWhen(settings.updatedAt) })
              : t("sso.neverSaved")}
          </p>
          <div className="flex gap-2">
            {settings.source === "page" ? (
              <Button
                type="button"
                variant="outline"
                disabled={remove.isPending}
                onClick={() => setConfirming(settings)}
              >
                {remove.isPending ? t("sso.removing") : t("sso.turnOff")}
              </Button>
            ) : null}
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? t("sso.checking") : t("catalogue.save")}
            </Button>
          </div>
        </CardFooter>
      </form>
      <ConfirmDeleteDialog
        item={confirming}
        title={t("sso.turnOffTitle")}
        description={(shown) => (shown.environment ? t("sso.turnOffEnvironment") : t("sso.turnOffText"))}
        action={t("sso.turnOff")}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          setConfirming(null);
          turnOff();
        }}
      />
    </Card>
  );
}
