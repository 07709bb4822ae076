// Admin → Instance settings: the instance's name, who may sign up (anyone, those invited to a team,
// nobody) and from which mail domains, and the plan new people start on. A change applies at once,
// with no restart.
import {
  INSTANCE_NAME_MAX,
  PLANS,
  planIdSchema,
  REGISTRATION_LABELS,
  registrationModeSchema,
  type InstanceSettings,
  type PlanId,
  type RegistrationMode,
} from "@tessera/contracts";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { PageSpinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth-context";
import { usePublicConfig } from "@/lib/public-config";
import { toast } from "@/lib/toast";
import { formatWhen } from "@/lib/utils";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useInstanceSettings } from "../api/get-instance-settings";
import { useUpdateInstanceSettings } from "../api/update-instance-settings";

const REGISTRATION_HINTS: Record<RegistrationMode, string> = {
  open: "Anyone may create an account (from the allowed domains, if any).",
  invite: "Only someone with a pending invitation to a team may create an account.",
  closed: "Nobody new may create an account. People who have one still sign in.",
};

export function AdminSettingsPage() {
  useDocumentTitle("Instance settings");
  const { user } = useAuth();
  const isAdmin = user?.role === "admin";
  const { data, error, isPending } = useInstanceSettings(isAdmin);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 p-4 md:p-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Instance settings</h1>
        <p className="text-sm text-muted-foreground">
          Who may sign up and what this instance is called. A change applies at once, with no restart.
        </p>
      </header>
      {!isAdmin ? (
        <p role="alert">Only administrators of this instance can change its settings.</p>
      ) : error ? (
        <p role="alert">{errorMessage(error)}</p>
      ) : isPending ? (
        <PageSpinner label="Loading settings" />
      ) : (
        // Keyed by when it was saved: a save elsewhere starts the form again from what is stored.
        <SettingsForm key={data.updatedAt ?? "default"} settings={data} />
      )}
    </div>
  );
}

function SettingsForm({ settings }: { settings: InstanceSettings }) {
  const update = useUpdateInstanceSettings();
  const billingOff = usePublicConfig().data?.billing.mode === "off";
  const planId = useId();
  const [name, setName] = useState(settings.instanceName ?? "");
  const [registration, setRegistration] = useState(settings.registration);
  const [domains, setDomains] = useState(settings.allowedDomains.join(", "));
  const [plan, setPlan] = useState<PlanId>(settings.defaultPlan);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    update.mutate(
      {
        instanceName: name.trim() || null,
        registration,
        allowedDomains: domains
          .split(/[\s,]+/)
          .map((d) => d.trim())
          .filter(Boolean),
        defaultPlan: plan,
      },
      {
        onSuccess: () => toast.success("Settings saved"),
        onError: (err) => setFailure(errorMessage(err)),
      },
    );
  };

  return (
    <Card>
      <form onSubmit={submit} aria-label="Instance settings">
        <CardContent className="flex flex-col gap-6 pt-6">
          <FormField
            label="Instance name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={INSTANCE_NAME_MAX}
            placeholder="Acme Research"
            hint="Shown beside Tessera in the sidebar. Leave empty for none."
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">Registration</legend>
            {registrationModeSchema.options.map((mode) => (
              <label
                key={mode}
                className="flex items-start gap-2.5 rounded-lg border p-3 text-sm has-checked:border-primary"
              >
                <input
                  type="radio"
                  name="registration"
                  value={mode}
                  checked={registration === mode}
                  onChange={() => setRegistration(mode)}
                  className="mt-0.5"
                />
                <span className="flex flex-col gap-0.5">
                  <span className="font-medium">{REGISTRATION_LABELS[mode]}</span>
                  <span className="text-xs text-muted-foreground">{REGISTRATION_HINTS[mode]}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <FormField
            label="Allowed email domains"
            value={domains}
            onChange={(e) => setDomains(e.target.value)}
            placeholder="example.com, example.org"
            hint="Separated by commas. Only addresses at these domains may sign up; leave empty for any."
            autoComplete="off"
            spellCheck={false}
          />
          <div className="flex flex-col gap-2">
            <Label htmlFor={planId}>Plan for new people</Label>
            <Select value={plan} onValueChange={(v) => setPlan(v as PlanId)}>
              <SelectTrigger id={planId} className="w-56">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {planIdSchema.options.map((p) => (
                  <SelectItem key={p} value={p}>
                    {PLANS[p].name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <p className="text-xs text-muted-foreground">
              {billingOff ? (
                <>
                  This instance does not sell plans, so a plan is only a label here; limit use with{" "}
                  <Link to="/dashboard/admin/budgets" className="text-primary underline underline-offset-4">
                    Budgets
                  </Link>
                  .
                </>
              ) : (
                "The plan a new account starts on; a trial or a purchase may change it."
              )}
            </p>
          </div>
          <FormError message={failure} />
        </CardContent>
        <CardFooter className="justify-between gap-3">
          <p className="text-xs text-muted-foreground">
            {settings.updatedAt ? `Last changed ${formatWhen(settings.updatedAt)}.` : "Never changed."}
          </p>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? "Saving…" : "Save settings"}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
