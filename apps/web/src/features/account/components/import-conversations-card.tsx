// Account → Import conversations: choose an export from ChatGPT, Open WebUI, LibreChat or Tessera,
// see what it holds (nothing is written yet), then import it. A large file imports in the background
// with its progress shown here.
import { IMPORT_MAX_MB, type ImportPreview, type ImportResult } from "@tessera/contracts";
import { Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle, FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { formatDay } from "@/lib/utils";
import { useImportJob, usePreviewImport, useStartImport } from "../api/import-conversations";

export function ImportConversationsCard() {
  const { t } = useTranslation("account");
  const inputId = useId();
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const preview = usePreviewImport();
  const start = useStartImport();
  const job = useImportJob(jobId);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setJobId(null);
    setResult(null);
    start.reset();
    if (chosen) preview.mutate(chosen);
    else preview.reset();
  };
  const runImport = () => {
    if (!file) return;
    start.mutate(file, {
      onSuccess: (started) => {
        if ("jobId" in started) setJobId(started.jobId);
        else setResult(started.result);
      },
    });
  };

  const running = job.data && (job.data.status === "checking" || job.data.status === "importing");
  const finished = result ?? (job.data?.status === "done" ? job.data.result : null);
  const failure =
    (preview.error && errorMessage(preview.error)) ||
    (start.error && errorMessage(start.error)) ||
    (job.error && errorMessage(job.error)) ||
    (job.data?.status === "failed" && job.data.error) ||
    null;
  const busy = start.isPending || Boolean(running);

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId}>{t("import.title")}</CardTitle>
        <CardDescription>{t("import.description", { max: IMPORT_MAX_MB })}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".json,.zip,application/json,application/zip"
            className="sr-only"
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
          />
          <Button variant="outline" disabled={busy} onClick={() => input.current?.click()}>
            <Upload aria-hidden="true" />
            {t("import.choose")}
          </Button>
          <label htmlFor={inputId} className="text-muted-foreground text-sm">
            {file ? file.name : t("import.noFile")}
          </label>
        </div>
        {preview.isPending && (
          <p className="text-muted-foreground flex items-center gap-2 text-sm" role="status">
            <Spinner /> {t("import.reading")}
          </p>
        )}
        {preview.data && !finished && <PreviewSummary preview={preview.data} />}
        <FormError message={failure} />
        {preview.data && !finished && !running && (
          <div>
            <Button disabled={busy || preview.data.conversations === 0} onClick={runImport}>
              {start.isPending && <Spinner />}
              {start.isPending
                ? t("import.importing")
                : t("import.start", { count: preview.data.conversations })}
            </Button>
          </div>
        )}
        {running && job.data && (
          <div className="flex flex-col gap-2" role="status">
            <p className="text-sm">
              {job.data.status === "checking" ? t("import.checking") : t("import.importing")}{" "}
              {job.data.imported > 0 && t("import.soFar", { count: job.data.imported })}
            </p>
            <progress
              className="h-2 w-full"
              max={100}
              value={job.data.progress}
              aria-label={t("import.progress")}
            />
          </div>
        )}
        {finished && (
          <Alert variant="info" role="status">
            <AlertTitle>{t("import.imported", { count: finished.imported })}</AlertTitle>
            <AlertDescription>
              <p>
                {t("import.importedFrom", {
                  messages: t("import.messages", { count: finished.messages }),
                  format: t(`import.formats.${finished.format}`),
                })}{" "}
                <Link to="/dashboard/chat" className="font-medium underline underline-offset-4">
                  {t("import.openChats")}
                </Link>
              </p>
            </AlertDescription>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

function PreviewSummary({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation("account");
  const counts = {
    conversations: t("import.conversations", { count: preview.conversations }),
    messages: t("import.messages", { count: preview.messages }),
  };
  return (
    <div className="flex flex-col gap-2 rounded-lg border p-4 text-sm" aria-label={t("import.summary")}>
      <p className="font-medium">{t(`import.formats.${preview.format}`)}</p>
      <p>
        {preview.from && preview.to
          ? t("import.holdsBetween", { ...counts, from: formatDay(preview.from), to: formatDay(preview.to) })
          : t("import.holds", counts)}
      </p>
      {preview.models.length > 0 && (
        <p className="text-muted-foreground">{t("import.models", { models: preview.models.slice(0, 8) })}</p>
      )}
      {preview.skipped.length > 0 && (
        <div>
          <p className="text-muted-foreground">{t("import.leftOut")}</p>
          <ul className="text-muted-foreground list-disc ps-5">
            {preview.skipped.map((s) => (
              <li key={s.code ?? s.reason}>
                {/* By its code in the reader's language; an import read before codes existed by its words. */}
                {s.code
                  ? t(`import.skipReasons.${s.code}`, { count: s.count })
                  : t("import.skipped", { reason: s.reason, times: s.count })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
