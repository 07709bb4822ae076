// Account → Import conversations: choose an export from ChatGPT, Open WebUI, LibreChat or Tessera,
// see what it holds (nothing is written yet), then import it. A large file imports in the background
// with its progress shown here.
import {
  IMPORT_FORMAT_NAMES,
  IMPORT_MAX_MB,
  type ImportPreview,
  type ImportResult,
} from "@tessera/contracts";
import { Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle, FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { formatCount } from "@/lib/utils";
import { useImportJob, usePreviewImport, useStartImport } from "../api/import-conversations";

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;
const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });

export function ImportConversationsCard() {
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
        <CardTitle id={headingId}>Import conversations</CardTitle>
        <CardDescription>
          Bring your history from ChatGPT (the data export's zip or its conversations.json), Open WebUI,
          LibreChat or another Tessera account. You see what the file holds before anything is imported. Up to{" "}
          {IMPORT_MAX_MB} MB.
        </CardDescription>
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
            Choose a file
          </Button>
          <label htmlFor={inputId} className="text-muted-foreground text-sm">
            {file ? file.name : "No file chosen"}
          </label>
        </div>
        {preview.isPending && (
          <p className="text-muted-foreground flex items-center gap-2 text-sm" role="status">
            <Spinner /> Reading the file...
          </p>
        )}
        {preview.data && !finished && <PreviewSummary preview={preview.data} />}
        <FormError message={failure} />
        {preview.data && !finished && !running && (
          <div>
            <Button disabled={busy || preview.data.conversations === 0} onClick={runImport}>
              {start.isPending && <Spinner />}
              {start.isPending
                ? "Importing..."
                : `Import ${plural(preview.data.conversations, "conversation")}`}
            </Button>
          </div>
        )}
        {running && job.data && (
          <div className="flex flex-col gap-2" role="status">
            <p className="text-sm">
              {job.data.status === "checking" ? "Checking the file..." : "Importing..."}{" "}
              {job.data.imported > 0 && `${plural(job.data.imported, "conversation")} so far.`}
            </p>
            <progress
              className="h-2 w-full"
              max={100}
              value={job.data.progress}
              aria-label="Import progress"
            />
          </div>
        )}
        {finished && (
          <Alert variant="info" role="status">
            <AlertTitle>Imported {plural(finished.imported, "conversation")}</AlertTitle>
            <AlertDescription>
              <p>
                {plural(finished.messages, "message")} from the {IMPORT_FORMAT_NAMES[finished.format]}.{" "}
                <Link to="/dashboard/chat" className="font-medium underline underline-offset-4">
                  Open your chats
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
  return (
    <div className="flex flex-col gap-2 rounded-lg border p-4 text-sm" aria-label="What the file holds">
      <p className="font-medium">{IMPORT_FORMAT_NAMES[preview.format]}</p>
      <p>
        {plural(preview.conversations, "conversation")} with {plural(preview.messages, "message")}
        {preview.from && preview.to && `, from ${day(preview.from)} to ${day(preview.to)}`}.
      </p>
      {preview.models.length > 0 && (
        <p className="text-muted-foreground">Models: {preview.models.slice(0, 8).join(", ")}</p>
      )}
      {preview.skipped.length > 0 && (
        <div>
          <p className="text-muted-foreground">Left out:</p>
          <ul className="text-muted-foreground list-disc pl-5">
            {preview.skipped.map((s) => (
              <li key={s.reason}>
                {s.reason}: {formatCount(s.count)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
