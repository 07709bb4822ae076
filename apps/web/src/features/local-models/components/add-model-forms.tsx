// Two more ways to add a local model: the download address of a GGUF file (with its SHA-256, when the
// admin has it, and a name), or a file already in the server's models folder.
import { localModelNameSchema, sha256Schema } from "@tessera/contracts";
import { Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { errorMessage } from "@/lib/api-client";
import { addLocalModel, useLocalModelChange } from "../api/change-local-models";
import { formatBytes } from "../utils/format";

export function AddByUrlForm() {
  const { t } = useTranslation("localModels");
  const add = useLocalModelChange(addLocalModel);
  const [url, setUrl] = useState("");
  const [sha256, setSha256] = useState("");
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const checksum = sha256.trim() ? sha256Schema.safeParse(sha256) : null;
    const named = name.trim() ? localModelNameSchema.safeParse(name) : null;
    if (!/^https?:\/\/\S+$/i.test(url.trim())) return setProblem(t("byUrl.badUrl"));
    if (checksum && !checksum.success) return setProblem(t("byUrl.badSha"));
    if (named && !named.success) return setProblem(t("byUrl.badName"));
    add.mutate(
      {
        url: url.trim(),
        ...(checksum?.success ? { sha256: checksum.data } : {}),
        ...(named?.success ? { name: named.data } : {}),
      },
      {
        onSuccess: () => {
          setUrl("");
          setSha256("");
          setName("");
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <FormField
        label={t("byUrl.address")}
        type="url"
        inputMode="url"
        placeholder={t("byUrl.addressPlaceholder")}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t("byUrl.sha")}
          hint={t("byUrl.shaHint")}
          value={sha256}
          onChange={(e) => setSha256(e.target.value)}
          spellCheck={false}
          autoComplete="off"
        />
        <FormField
          label={t("byUrl.name")}
          hint={t("byUrl.nameHint")}
          value={name}
          onChange={(e) => setName(e.target.value)}
          spellCheck={false}
          autoComplete="off"
        />
      </div>
      <FormError message={problem ?? (add.error ? errorMessage(add.error) : null)} />
      <div>
        <Button type="submit" disabled={add.isPending}>
          <Plus aria-hidden="true" />
          {add.isPending ? t("byUrl.checking") : t("byUrl.add")}
        </Button>
      </div>
    </form>
  );
}

export function ServerFiles({ files }: { files: { path: string; sizeBytes: number }[] }) {
  const { t } = useTranslation("localModels");
  const add = useLocalModelChange(addLocalModel);
  if (files.length === 0) return <p className="text-sm text-muted-foreground">{t("files.none")}</p>;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col divide-y rounded-lg border">
        {files.map((file) => (
          <li key={file.path} className="flex items-center justify-between gap-3 px-3 py-2">
            <span className="min-w-0 text-sm break-all">
              <code>{file.path}</code>{" "}
              <span className="text-xs text-muted-foreground">{formatBytes(file.sizeBytes)}</span>
            </span>
            <Button
              size="sm"
              variant="outline"
              disabled={add.isPending}
              onClick={() => add.mutate({ path: file.path })}
              aria-label={t("files.addPath", { path: file.path })}
            >
              <Plus aria-hidden="true" />
              {t("files.add")}
            </Button>
          </li>
        ))}
      </ul>
      <FormError message={add.error ? errorMessage(add.error) : null} />
    </div>
  );
}
