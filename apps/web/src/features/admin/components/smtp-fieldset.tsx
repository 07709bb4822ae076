// A mail server's fields: host, port, user, password and whether TLS starts at the first byte.
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import type { SmtpFields } from "./smtp-address";

export function SmtpFieldset({
  fields,
  onChange,
  passwordHint,
  onUseUrl,
}: {
  fields: SmtpFields;
  onChange: (fields: SmtpFields) => void;
  passwordHint?: string;
  onUseUrl: () => void;
}) {
  const { t } = useTranslation("admin");
  const set = (patch: Partial<SmtpFields>) => onChange({ ...fields, ...patch });
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="sr-only">{t("form.mailServer")}</legend>
      <div className="grid grid-cols-[1fr_6rem] gap-3">
        <FormField
          label={t("form.host")}
          value={fields.host}
          dir="ltr"
          onChange={(e) => set({ host: e.target.value })}
          placeholder={t("placeholders.smtpHost")}
          required
        />
        <FormField
          label={t("form.port")}
          inputMode="numeric"
          value={fields.port}
          onChange={(e) => set({ port: e.target.value })}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label={t("form.user")}
          value={fields.user}
          dir="ltr"
          onChange={(e) => set({ user: e.target.value })}
          autoComplete="off"
        />
        <FormField
          label={t("form.password")}
          type="password"
          value={fields.password}
          onChange={(e) => set({ password: e.target.value })}
          autoComplete="off"
        />
      </div>
      {passwordHint ? <p className="-mt-2 text-xs text-muted-foreground">{passwordHint}</p> : null}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={fields.secure}
          onChange={(e) => set({ secure: e.target.checked, port: e.target.checked ? "465" : "587" })}
        />
        {t("form.tls")}
      </label>
      <Button variant="link" size="sm" className="h-auto self-start" onClick={onUseUrl}>
        {t("form.smtpUrl")}
      </Button>
    </fieldset>
  );
}
