// A mail server's fields: host, port, user, password and whether TLS starts at the first byte.
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
  const set = (patch: Partial<SmtpFields>) => onChange({ ...fields, ...patch });
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="sr-only">Mail server</legend>
      <div className="grid grid-cols-[1fr_6rem] gap-3">
        <FormField
          label="Host"
          value={fields.host}
          onChange={(e) => set({ host: e.target.value })}
          placeholder="mail.example.com"
          required
        />
        <FormField
          label="Port"
          inputMode="numeric"
          value={fields.port}
          onChange={(e) => set({ port: e.target.value })}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="User (optional)"
          value={fields.user}
          onChange={(e) => set({ user: e.target.value })}
          autoComplete="off"
        />
        <FormField
          label="Password (optional)"
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
        TLS from the first byte (smtps, usually port 465)
      </label>
      <Button variant="link" size="sm" className="h-auto self-start" onClick={onUseUrl}>
        Enter an smtp:// address instead
      </Button>
    </fieldset>
  );
}
