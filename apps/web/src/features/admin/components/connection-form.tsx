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
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useCreateConnection } from "../api/create-connection";
import { useUpdateConnection } from "../api/update-connection";
import { smtpAddress, smtpFields, type SmtpFields } from "./smtp-address";
import { KindSelect } from "./kind-select";
import { OptionFields } from "./option-fields";
import { SmtpFieldset } from "./smtp-fieldset";

/** Where a kind's address field points the admin. */
const ADDRESS_HINTS: Partial<Record<ConnectionKind, { placeholder: string; hint: string }>> = {
  "openai-compatible": {
    placeholder: "http://localhost:11434/v1",
    hint: "Its OpenAI-compatible base, with /v1: Ollama, LM Studio, vLLM, llama.cpp's server, LiteLLM.",
  },
  searxng: { placeholder: "http://localhost:8888", hint: "Your SearXNG, with the JSON format switched on." },
};

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
  const editing = Boolean(connection);
  const [kind, setKind] = useState<ConnectionKind>(connection?.kind ?? initialKind);
  const info = CONNECTION_KIND_INFO[kind];
  const [name, setName] = useState(connection?.name ?? info.label);
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
    if (name === CONNECTION_KIND_INFO[kind].label) setName(CONNECTION_KIND_INFO[next].label);
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
        toast.success(editing ? "Connection saved" : `Connected: ${name.trim()}`, {
          description: verify ? "It answered the test call." : "Saved without a test call.",
        });
        onDone();
      },
      onError: (err: Error) => {
        const untested = err instanceof ApiError && err.code === "CONNECTION_FAILED";
        // The title says it was not saved; the message then goes on with the upstream's words.
        const message = errorMessage(err).replace(/^Not saved: the test call failed\. /, "");
        setFailure({ message, untestedAllowed: untested });
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
        ? `A key ending in ${connection.key.last4} is stored: leave this empty to keep it.`
        : "A key is stored: leave this empty to keep it."
      : connection?.key.state === "unreadable"
        ? "The stored key cannot be read with this server's encryption key: enter it again."
        : undefined;
  const hints = ADDRESS_HINTS[kind];

  return (
    <form
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label={editing ? "Edit connection" : "Add connection"}
    >
      <DialogHeader>
        <DialogTitle>{editing ? `Edit ${connection?.name}` : "Add a connection"}</DialogTitle>
        <DialogDescription>
          {info.hint} Saving makes a real call to it first; its key is stored encrypted and never shown again.
        </DialogDescription>
      </DialogHeader>

      {editing ? null : <KindSelect value={kind} onChange={chooseKind} />}

      <FormField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={80}
        required
      />

      {kind === "smtp" ? (
        smtpAsUrl ? (
          <div className="flex flex-col gap-1">
            <FormField
              label="Address"
              value={smtpUrl}
              onChange={(e) => setSmtpUrl(e.target.value)}
              placeholder="smtp://user:password@mail.example.com:587"
              hint="An smtp:// or smtps:// address; its password is stored encrypted, apart from it."
              autoComplete="off"
            />
            <Button
              variant="link"
              size="sm"
              className="h-auto self-start"
              onClick={() => setSmtpAsUrl(false)}
            >
              Enter host, port and user instead
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
          label={info.baseUrl === "required" ? "Address" : "Address (optional)"}
          type="url"
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
          placeholder={hints?.placeholder ?? "https://…"}
          hint={hints?.hint ?? `Leave empty for ${info.label}'s own address.`}
          required={info.baseUrl === "required"}
          autoComplete="off"
        />
      )}

      {info.apiKey === "none" || kind === "smtp" ? null : (
        <FormField
          label={info.apiKey === "required" ? "API key" : "API key (optional)"}
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
          Remove the stored key
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
          <AlertTitle>{failure.untestedAllowed ? "Not saved: the test call failed" : "Not saved"}</AlertTitle>
          <AlertDescription className="break-words">{failure.message}</AlertDescription>
        </Alert>
      ) : null}

      <DialogFooter className="gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        {failure?.untestedAllowed ? (
          <Button type="button" variant="secondary" disabled={pending} onClick={() => submit(false)}>
            Save without testing
          </Button>
        ) : null}
        <Button type="submit" disabled={pending || !name.trim()}>
          {pending ? "Testing…" : editing ? "Test and save" : "Test and connect"}
        </Button>
      </DialogFooter>
    </form>
  );
}
