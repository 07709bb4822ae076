// Account → API keys: keys for the OpenAI-compatible API at /v1. A new key is shown once, with a
// copy button; the list shows only each key's first characters, its use and its dates.
import {
  FEATURE_PLAN,
  PLANS,
  featureUpgradeMessage,
  type ApiKey,
  type CreatedApiKey,
} from "@tessera/contracts";
import { Copy, KeyRound, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
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
import { formatCount } from "@/lib/utils";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "../api/api-keys";

const EXPIRIES = [
  { value: "never", label: "Never expires" },
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "A year" },
];

const day = (iso: string | null, none: string) =>
  iso
    ? new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" })
    : none;

export function ApiKeysCard() {
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
        <CardTitle id="api-keys-heading">API keys</CardTitle>
        <CardDescription>
          Keys for Tessera&apos;s OpenAI-compatible API: set any OpenAI client&apos;s base URL to{" "}
          <code className="rounded bg-muted px-1 py-0.5 text-xs">{baseUrl}</code> and use a key as its API
          key. Calls count towards your usage like chats, and store no conversation.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {locked ? (
          <div className="flex flex-col items-start gap-3">
            <p className="text-sm text-muted-foreground">{featureUpgradeMessage("apiAccess")}</p>
            <Button asChild variant="outline">
              <Link to="/pricing">See {PLANS[FEATURE_PLAN.apiAccess].name}</Link>
            </Button>
          </div>
        ) : (
          <>
            {made ? (
              <Alert role="status">
                <KeyRound aria-hidden="true" />
                <AlertTitle>Your new key “{made.name}”</AlertTitle>
                <AlertDescription className="flex flex-col gap-2">
                  <span>Copy it now: you will not see it again.</span>
                  <div className="flex w-full items-center gap-2">
                    <code
                      aria-label="New API key"
                      className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1.5 text-xs"
                    >
                      {made.key}
                    </code>
                    <Button size="sm" variant="outline" onClick={() => void copyText(made.key)}>
                      <Copy aria-hidden="true" />
                      Copy
                    </Button>
                  </div>
                  <Button size="sm" variant="ghost" className="self-start" onClick={() => setMade(null)}>
                    Done
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
                label="Key name"
                name="api-key-name"
                placeholder="e.g. Laptop scripts"
                className="flex-1"
                required
                maxLength={100}
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
              <div className="flex flex-col gap-1.5">
                <span id="api-key-expiry-label" className="text-sm font-medium">
                  Expires
                </span>
                <Select value={expiry} onValueChange={setExpiry}>
                  <SelectTrigger aria-labelledby="api-key-expiry-label" className="sm:w-40">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {EXPIRIES.map((e) => (
                      <SelectItem key={e.value} value={e.value}>
                        {e.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <Button type="submit" disabled={create.isPending || !name.trim()}>
                {create.isPending ? <Spinner /> : <KeyRound aria-hidden="true" />}
                Create key
              </Button>
            </form>
            <FormError message={error} />
            {keys.isPending ? (
              <Spinner />
            ) : keys.data?.keys.length ? (
              <ul aria-label="Your API keys" className="flex flex-col divide-y rounded-lg border">
                {keys.data.keys.map((k) => (
                  <li key={k.id} aria-label={k.name} className="flex items-center gap-3 px-3 py-2.5">
                    <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                      <span className="truncate text-sm font-medium">{k.name}</span>
                      <span className="text-xs text-muted-foreground">
                        <code>{k.start}…</code> · created {day(k.createdAt, "")} · last used{" "}
                        {day(k.lastUsedAt, "never")} ·{" "}
                        {k.expiresAt ? `expires ${day(k.expiresAt, "")}` : "no expiry"}
                      </span>
                      <span className="text-xs text-muted-foreground tabular-nums">
                        30 days: {formatCount(k.usage.calls)} {k.usage.calls === 1 ? "call" : "calls"},{" "}
                        {formatCount(k.usage.tokens)} tokens
                      </span>
                    </div>
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={`Revoke ${k.name}`}
                      onClick={() => setRevoking(k)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">No keys yet.</p>
            )}
          </>
        )}
      </CardContent>
      <ConfirmDeleteDialog
        item={revoking}
        title="Revoke API key"
        description={(k) => `Programs using “${k.name}” stop working at once. This cannot be undone.`}
        action="Revoke"
        onCancel={() => setRevoking(null)}
        onConfirm={(k) => {
          setRevoking(null);
          revoke.mutate(k.id, {
            onSuccess: () => toast.success("API key revoked"),
            onError: (err) => toast.error("Could not revoke the key", { description: errorMessage(err) }),
          });
        }}
      />
    </Card>
  );
}
