// Account → API keys: keys for the OpenAI-compatible API at /v1. A new key is shown once, with a
// copy button; the list shows only each key's first characters, its use and its dates.
import { FEATURE_PLAN, PLANS, type ApiKey, type CreatedApiKey } from "@tessera/contracts";
import { Copy, KeyRound, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { Alert, AlertDescription, AlertTitle, FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { copyText } from "@/lib/clipboard";
import { useSubscription } from "@/lib/subscription";
import { toast } from "@/lib/toast";
import { formatDay } from "@/lib/utils";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "../api/api-keys";

/** The choices of a new key's lifetime, in days ("never" sends none). */
const EXPIRIES = ["never", "30", "90", "365"] as const;

export function ApiKeysCard() {
  const { t } = useTranslation("account");
  const plan = PLANS[FEATURE_PLAN.apiAccess].name;
  const expiryLabel = (value: (typeof EXPIRIES)[number]) =>
    value === "never"
      ? t("apiKeys.expiry.never")
      : value === "365"
        ? t("apiKeys.expiry.year")
        : t("apiKeys.expiry.days", { count: Number(value) });
  const subscription = useSubscription();
  const locked = subscription.locked(FEATURE_PLAN.apiAccess);
  const keys = useApiKeys(subscription.details !== null && !locked);
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState("");
  const [expiry, setExpiry] = useState("never");
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const baseUrl = `${window.location.origin}/v1`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    create.mutate(
      { name: name.trim(), ...(expiry === "never" ? {} : { expiresInDays: Number(expiry) }) },
      {
        onSuccess: (key) => {
          setMade(key);
          setName("");
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <Card role="region" aria-labelledby="api-keys-heading">
      <CardHeader>
        <CardTitle id="api-keys-heading">{t("apiKeys.title")}</CardTitle>
        <CardDescription>
          <Trans
            t={t}
            i18nKey="apiKeys.description"
            values={{ baseUrl }}
            components={{ code: <code className="rounded bg-muted px-1 py-0.5 text-xs" /> }}
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {locked ? (
          <div className="flex flex-col items-start gap-3">
            <p className="text-sm text-muted-foreground">{t("apiKeys.locked", { plan })}</p>
            <Button asChild variant="outline">
              <Link to="/pricing">{t("apiKeys.seePlan", { plan })}</Link>
            </Button>
          </div>
        ) : (
          <>
            {made ? (
              <Alert role="status">
                <KeyRound aria-hidden="true" />
                <AlertTitle>{t("apiKeys.newKey", { name: made.name })}</AlertTitle>
                <AlertDescription className="flex flex-col gap-2">
                  <span>{t("apiKeys.copyNow")}</span>
                  <div className="flex w-full items-center gap-2">
                    <code
                      aria-label={t("apiKeys.newKeyLabel")}
                      className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1.5 text-xs"
                    >
                      {made.key}
                    </code>
                    <Button size="sm" variant="outline" onClick={() => void copyText(made.key)}>
                      <Copy aria-hidden="true" />
                      {t("apiKeys.copy")}
                    </Button>
                  </div>
                  <Button size="sm" variant="ghost" className="self-start" onClick={() => setMade(null)}>
                    {t("apiKeys.done")}
                  </Button>
                </AlertDescription>
              </Alert>
            ) : null}
            <form
              onSubmit={submit}
              className="flex flex-col gap-3 sm:flex-row sm:items-end"
              aria-busy={create.isPending}
            >
              <FormField
                label={t("apiKeys.name")}
                name="api-key-name"
                placeholder={t("apiKeys.namePlaceholder")}
                className="flex-1"
                required
                maxLength={100}
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
              <div className="flex flex-col gap-1.5">
                <span id="api-key-expiry-label" className="text-sm font-medium">
                  {t("apiKeys.expires")}
                </span>
                <Select value={expiry} onValueChange={setExpiry}>
                  <SelectTrigger aria-labelledby="api-key-expiry-label" className="sm:w-40">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {EXPIRIES.map((value) => (
                      <SelectItem key={value} value={value}>
                        {expiryLabel(value)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <Button type="submit" disabled={create.isPending || !name.trim()}>
                {create.isPending ? <Spinner /> : <KeyRound aria-hidden="true" />}
                {t("apiKeys.create")}
              </Button>
            </form>
            <FormError message={error} />
            {keys.isPending ? (
              <Spinner />
            ) : keys.data?.keys.length ? (
              <ul aria-label={t("apiKeys.list")} className="flex flex-col divide-y rounded-lg border">
                {keys.data.keys.map((k) => (
                  <li key={k.id} aria-label={k.name} className="flex items-center gap-3 px-3 py-2.5">
                    <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                      <span className="truncate text-sm font-medium">{k.name}</span>
                      <span className="text-xs text-muted-foreground">
                        <code>{k.start}…</code> · {t("apiKeys.created", { day: formatDay(k.createdAt) })} ·{" "}
                        {k.lastUsedAt
                          ? t("apiKeys.lastUsed", { day: formatDay(k.lastUsedAt) })
                          : t("apiKeys.neverUsed")}{" "}
                        ·{" "}
                        {k.expiresAt
                          ? t("apiKeys.expiresOn", { day: formatDay(k.expiresAt) })
                          : t("apiKeys.noExpiry")}
                      </span>
                      <span className="text-xs text-muted-foreground tabular-nums">
                        {t("apiKeys.usage", {
                          calls: t("apiKeys.calls", { count: k.usage.calls }),
                          tokens: t("apiKeys.tokens", { count: k.usage.tokens }),
                        })}
                      </span>
                    </div>
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={t("apiKeys.revokeLabel", { name: k.name })}
                      onClick={() => setRevoking(k)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">{t("apiKeys.none")}</p>
            )}
          </>
        )}
      </CardContent>
      <ConfirmDeleteDialog
        item={revoking}
        title={t("apiKeys.revokeTitle")}
        description={(k) => t("apiKeys.revokeDescription", { name: k.name })}
        action={t("apiKeys.revoke")}
        onCancel={() => setRevoking(null)}
        onConfirm={(k) => {
          setRevoking(null);
          revoke.mutate(k.id, {
            onSuccess: () => toast.success(t("apiKeys.revoked")),
            onError: (err) => toast.error(t("apiKeys.revokeFailed"), { description: errorMessage(err) }),
          });
        }}
      />
    </Card>
  );
}
