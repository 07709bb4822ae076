// Admin → Instance settings: the instance's name, who may sign up (anyone, those invited to a team,
// nobody) and from which mail domains, and the plan new people start on. A change applies at once,
// with no restart.
import {
  INSTANCE_NAME_MAX,
  PLANS,
  planIdSchema,
  registrationModeSchema,
  type InstanceSettings,
  type PlanId,
} from "@tessera/contracts";
import { useId, useState, type FormEvent } from "react";
import { Trans, useTranslation } from "react-i18next";
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
import { usePublicConfigQuery } from "@/lib/public-config-query";
import { toast } from "@/lib/toast";
import { formatWhen } from "@/lib/utils";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useInstanceSettings } from "../api/get-instance-settings";
import { useUpdateInstanceSettings } from "../api/update-instance-settings";

export function AdminSettingsPage() {
  const { t } = useTranslation("admin");
  useDocumentTitle(t("settings.title"));
  const { user } = useAuth();
  const isAdmin = user?.role === "admin";
  const { data, error, isPending } = useInstanceSettings(isAdmin);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 p-4 md:p-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t("settings.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("settings.intro")}</p>
      </header>
      {!isAdmin ? (
        <p role="alert">{t("settings.adminsOnly")}</p>
      ) : error ? (
        <p role="alert">{errorMessage(error)}</p>
      ) : isPending ? (
        <PageSpinner label={t("settings.loading")} />
      ) : (
        // Keyed by when it was saved: a save elsewhere starts the form again from what is stored.
        <SettingsForm key={data.updatedAt ?? "default"} settings={data} />
      )}
    </div>
  );
}

function SettingsForm({ settings }: { settings: InstanceSettings }) {
  const { t } = useTranslation("admin");
  const update = useUpdateInstanceSettings();
  const billingOff = usePublicConfigQuery().data?.billing.mode === "off";
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
        onSuccess: () => toast.success(t("settings.saved")),
        onError: (err) => setFailure(errorMessage(err)),
      },
    );
  };

  return (
    <Card>
      <form onSubmit={submit} aria-label={t("settings.title")}>
        <CardContent className="flex flex-col gap-6 pt-6">
          <FormField
            label={t("settings.name")}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={INSTANCE_NAME_MAX}
            placeholder={t("settings.namePlaceholder")}
            hint={t("settings.nameHint")}
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{t("settings.registration")}</legend>
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
                  <span className="font-medium">{t(`settings.modes.${mode}.label`)}</span>
                  <span className="text-xs text-muted-foreground">{t(`settings.modes.${mode}.hint`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <FormField
            label={t("settings.domains")}
            value={domains}
            dir="ltr"
            onChange={(e) => setDomains(e.target.value)}
            placeholder={t("settings.domainsPlaceholder")}
            hint={t("settings.domainsHint")}
            autoComplete="off"
            spellCheck={false}
          />
          <div className="flex flex-col gap-2">
            <Label htmlFor={planId}>{t("settings.defaultPlan")}</Label>
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
                <Trans
                  t={t}
                  i18nKey="settings.billingOff"
                  components={{
                    budgets: (
                      <Link
                        to="/dashboard/admin/budgets"
                        className="text-primary underline underline-offset-4"
                      />
                    ),
                  }}
                />
              ) : (
                t("settings.planHint")
              )}
            </p>
          </div>
          <FormError message={failure} />
        </CardContent>
        <CardFooter className="justify-between gap-3">
          <p className="text-xs text-muted-foreground">
            {settings.updatedAt
              ? t("settings.lastChanged", { when: formatWhen(settings.updatedAt) })
              : t("settings.neverChanged")}
          </p>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t("settings.saving") : t("settings.save")}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
