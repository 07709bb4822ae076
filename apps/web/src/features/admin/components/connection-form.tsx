// The form of a connection: its service, name, address, key and the options its kind takes. The
// server tests it with a real call before it saves it; when that fails, its words are shown and the
// admin may save it untested (a server that is not up yet). A stored key is never shown: leaving the
// field empty keeps it.
import {
  CONNECTION_KIND_INFO,
  type Connection,
  type ConnectionKind,
  type ConnectionOptions,
} from "@tessera/contracts";
import { CircleAlert } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useCreateConnection } from "../api/create-connection";
import { useUpdateConnection } from "../api/update-connection";
import { connectionTestText } from "../utils/connection-test-text";
import { smtpAddress, smtpFields, type SmtpFields } from "./smtp-address";
import { KindSelect } from "./kind-select";
import { OptionFields } from "./option-fields";
import { SmtpFieldset } from "./smtp-fieldset";

/** Kinds whose address field points the admin somewhere (`placeholders.<kind>`, `form.addressHints.<kind>`). */
const OWN_ADDRESS_HINT = new Set<ConnectionKind>(["openai-compatible", "searxng"]);

const listOf = (text: string) =>
  text
    .split(",")
    .map((m) => m.trim())
    .filter(Boolean);

export function ConnectionForm({
  connection,
  initialKind,
  onDone,
}: {
  connection?: Connection;
  initialKind: ConnectionKind;
  onDone: () => void;
}) {
  const { t } = useTranslation("admin");
  const editing = Boolean(connection);
  const [kind, setKind] = useState<ConnectionKind>(connection?.kind ?? initialKind);
  const info = CONNECTION_KIND_INFO[kind];
  const labelOf = (k: ConnectionKind) => t(`kinds.${k}.label`);
  const [name, setName] = useState(connection?.name ?? labelOf(kind));
  const [baseUrl, setBaseUrl] = useState(connection?.kind === "smtp" ? "" : (connection?.baseUrl ?? ""));
  const [apiKey, setApiKey] = useState("");
  const [removeKey, setRemoveKey] = useState(false);
  const [models, setModels] = useState(connection?.options.models?.join(", ") ?? "");
  const [model, setModel] = useState(connection?.options.model ?? "");
  const [from, setFrom] = useState(connection?.options.from ?? "");
  const [smtp, setSmtp] = useState<SmtpFields>(() =>
    smtpFields(connection?.kind === "smtp" ? connection.baseUrl : null),
  );
  const [smtpAsUrl, setSmtpAsUrl] = useState(false);
  const [smtpUrl, setSmtpUrl] = useState("");
  const [failure, setFailure] = useState<{ message: string; untestedAllowed: boolean } | null>(null);
  const create = useCreateConnection();
  const update = useUpdateConnection();
  const pending = create.isPending || update.isPending;

  const chooseKind = (next: ConnectionKind) => {
    // A name still as the form made it follows the kind.
    if (name === labelOf(kind)) setName(labelOf(next));
    setKind(next);
    setFailure(null);
  };

  const options = (): ConnectionOptions => {
    const out: ConnectionOptions = {};
    if ((kind === "openai-compatible" || kind === "openai-images") && listOf(models).length)
      out.models = listOf(models);
    if ((kind === "openai-speech" || kind === "openai-transcription") && model.trim())
      out.model = model.trim();
    if (kind === "smtp" && from.trim()) out.from = from.trim();
    return out;
  };

  const address = (): string | undefined => {
    if (kind === "smtp") return smtpAsUrl ? smtpUrl.trim() || undefined : smtpAddress(smtp);
    return baseUrl.trim() || undefined;
  };

  const submit = (verify: boolean) => {
    setFailure(null);
    const typedKey = (kind === "smtp" && !smtpAsUrl ? smtp.password : apiKey).trim();
    const done = {
      onSuccess: () => {
        toast.success(editing ? t("form.saved") : t("form.connected", { name: name.trim() }), {
          description: verify ? t("form.answered") : t("form.untested"),
        });
        onDone();
      },
      onError: (err: Error) => {
        const untested = err instanceof ApiError && err.code === "CONNECTION_FAILED";
        // The title says it was not saved; the message then goes on with the upstream's words, so the
        // server's own "not saved" opening (in English or in the page's language) is taken off.
        const message = errorMessage(err)
          .replace(/^Not saved: the test call failed\. /, "")
          .replace(`${t("form.testCallFailed")}. `, "");
        setFailure({ message: connectionTestText(message, t), untestedAllowed: untested });
      },
    };
    if (connection) {
      update.mutate(
        {
          id: connection.id,
          name: name.trim(),
          baseUrl: address() ?? null,
          ...(removeKey ? { apiKey: null } : typedKey ? { apiKey: typedKey } : {}),
          options: options(),
          verify,
        },
        done,
      );
    } else {
      create.mutate(
        {
          kind,
          name: name.trim(),
          ...(address() ? { baseUrl: address() } : {}),
          ...(typedKey ? { apiKey: typedKey } : {}),
          options: options(),
          verify,
        },
        done,
      );
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(true);
  };

  const storedKey =
    connection?.key.state === "stored"
      ? connection.key.last4
        ? t("form.keyEnding", { last4: connection.key.last4 })
        : t("form.keyStored")
      : connection?.key.state === "unreadable"
        ? t("form.keyUnreadable")
        : undefined;
  const ownHint = OWN_ADDRESS_HINT.has(kind);

  return (
    <form
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label={editing ? t("form.editLabel") : t("form.addLabel")}
    >
      <DialogHeader>
        <DialogTitle>
          {editing ? t("form.editTitle", { name: connection?.name }) : t("form.addTitle")}
        </DialogTitle>
        <DialogDescription>
          {t(`kinds.${kind}.hint`)} {t("form.description")}
        </DialogDescription>
      </DialogHeader>

      {editing ? null : <KindSelect value={kind} onChange={chooseKind} />}

      <FormField
        label={t("form.name")}
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={80}
        required
      />

      {kind === "smtp" ? (
        smtpAsUrl ? (
          <div className="flex flex-col gap-1">
            <FormField
              label={t("form.address")}
              value={smtpUrl}
              dir="ltr"
              onChange={(e) => setSmtpUrl(e.target.value)}
              placeholder={t("placeholders.smtpUrl")}
              hint={t("form.smtpUrlHint")}
              autoComplete="off"
            />
            <Button
              variant="link"
              size="sm"
              className="h-auto self-start"
              onClick={() => setSmtpAsUrl(false)}
            >
              {t("form.smtpFields")}
            </Button>
          </div>
        ) : (
          <SmtpFieldset
            fields={smtp}
            onChange={setSmtp}
            passwordHint={storedKey}
            onUseUrl={() => setSmtpAsUrl(true)}
          />
        )
      ) : info.baseUrl === "none" ? null : (
        <FormField
          label={info.baseUrl === "required" ? t("form.address") : t("form.addressOptional")}
          type="url"
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
          placeholder={ownHint ? t(`placeholders.${kind}`) : t("placeholders.url")}
          hint={ownHint ? t(`form.addressHints.${kind}`) : t("form.addressDefault", { label: labelOf(kind) })}
          required={info.baseUrl === "required"}
          autoComplete="off"
        />
      )}

      {info.apiKey === "none" || kind === "smtp" ? null : (
        <FormField
          label={info.apiKey === "required" ? t("form.apiKey") : t("form.apiKeyOptional")}
          type="password"
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          required={info.apiKey === "required" && !editing}
          disabled={removeKey}
          hint={storedKey}
        />
      )}
      {editing && info.apiKey === "optional" && connection?.key.state !== "none" ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={removeKey} onChange={(e) => setRemoveKey(e.target.checked)} />
          {t("form.removeKey")}
        </label>
      ) : null}

      <OptionFields
        kind={kind}
        values={{ models, model, from }}
        onChange={(patch) => {
          if (patch.models !== undefined) setModels(patch.models);
          if (patch.model !== undefined) setModel(patch.model);
          if (patch.from !== undefined) setFrom(patch.from);
        }}
      />

      {failure ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{failure.untestedAllowed ? t("form.testCallFailed") : t("form.notSaved")}</AlertTitle>
          <AlertDescription className="break-words">{failure.message}</AlertDescription>
        </Alert>
      ) : null}

      <DialogFooter className="gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          {t("cancel")}
        </Button>
        {failure?.untestedAllowed ? (
          <Button type="button" variant="secondary" disabled={pending} onClick={() => submit(false)}>
            {t("form.saveUntested")}
          </Button>
        ) : null}
        <Button type="submit" disabled={pending || !name.trim()}>
          {pending ? t("row.testing") : editing ? t("form.testAndSave") : t("form.testAndConnect")}
        </Button>
      </DialogFooter>
    </form>
  );
}
