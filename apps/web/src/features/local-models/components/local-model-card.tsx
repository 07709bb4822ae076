// One local model: its download's progress (bytes, speed, time left) while it lasts, why it failed
// (with Retry), or, once ready, its shape, what checked it and the memory it needs. Cancel or remove.
import type { LocalModel } from "@tessera/contracts";
import { RotateCw, Trash2, X } from "lucide-react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Alert, AlertDescription, FormError } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { removeLocalModel, retryLocalModel, useLocalModelChange } from "../api/change-local-models";
import { formatBytes, formatDuration, formatSpeed } from "../utils/format";

const CHECKED = {
  catalogue: "SHA-256 checked against Tessera's catalogue",
  admin: "SHA-256 checked against the one you gave",
  etag: "SHA-256 checked against the one the server sent with the file",
} as const;

export function LocalModelCard({ model }: { model: LocalModel }) {
  const remove = useLocalModelChange(removeLocalModel);
  const retry = useLocalModelChange(retryLocalModel);
  const downloading = model.status === "downloading";
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-medium break-all">{model.name}</h3>
              <StatusBadge model={model} />
            </div>
            <code className="text-xs text-muted-foreground">{model.modelId}</code>
          </div>
          <div className="flex gap-2">
            {model.status === "failed" && model.source !== "file" ? (
              <Button
                size="sm"
                variant="outline"
                disabled={retry.isPending}
                onClick={() => retry.mutate(model.id)}
              >
                <RotateCw aria-hidden="true" />
                {model.resumable ? "Resume" : "Retry"}
              </Button>
            ) : null}
            <RemoveButton model={model} onRemove={() => remove.mutate(model.id)} pending={remove.isPending} />
          </div>
        </div>
        {downloading ? <DownloadProgress model={model} /> : null}
        {model.status === "failed" && model.error ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{model.error}</AlertDescription>
          </Alert>
        ) : null}
        {model.status === "ready" ? <ReadyFacts model={model} /> : null}
        <FormError
          message={remove.error ? errorMessage(remove.error) : retry.error ? errorMessage(retry.error) : null}
        />
      </CardContent>
    </Card>
  );
}

function StatusBadge({ model }: { model: LocalModel }) {
  if (model.status === "downloading") return <Badge>Downloading</Badge>;
  if (model.status === "failed") return <Badge variant="destructive">Failed</Badge>;
  return (
    <>
      <Badge variant="success">Ready</Badge>
      {model.loaded ? <Badge variant="secondary">Loaded</Badge> : null}
    </>
  );
}

function DownloadProgress({ model }: { model: LocalModel }) {
  const percent = model.sizeBytes ? Math.min(100, (model.downloadedBytes / model.sizeBytes) * 100) : null;
  const label = `Downloading ${model.name}`;
  return (
    <div className="flex flex-col gap-1.5">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent === null ? undefined : Math.floor(percent)}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={
            percent === null ? "h-full w-1/3 animate-pulse bg-primary" : "h-full bg-primary transition-all"
          }
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-muted-foreground tabular-nums">
        {formatBytes(model.downloadedBytes)}
        {model.sizeBytes ? ` of ${formatBytes(model.sizeBytes)} (${Math.floor(percent ?? 0)}%)` : ""}
        {model.bytesPerSecond ? ` · ${formatSpeed(model.bytesPerSecond)}` : ""}
        {model.secondsLeft !== null ? ` · ${formatDuration(model.secondsLeft)} left` : ""}
      </p>
    </div>
  );
}

function ReadyFacts({ model }: { model: LocalModel }) {
  const shape = model.details
    ? [
        model.details.architecture,
        model.details.parameters,
        model.details.contextLength
          ? `trained for ${model.details.contextLength.toLocaleString("en-US")} tokens`
          : null,
        model.details.chatTemplate
          ? "chat template in the file"
          : "no chat template in the file (a generic one is used)",
      ]
        .filter(Boolean)
        .join(" · ")
    : null;
  return (
    <ul className="flex flex-col gap-0.5 text-xs text-muted-foreground">
      <li>
        {model.sizeBytes ? formatBytes(model.sizeBytes) : null}
        {model.memoryBytes ? ` · needs about ${formatBytes(model.memoryBytes)} of memory to run` : ""}
        {shape ? ` · ${shape}` : ""}
      </li>
      <li>
        {model.source === "file"
          ? `Added from the models folder (${model.file}); its checksum was not checked.`
          : model.checksumSource
            ? `${CHECKED[model.checksumSource]}.`
            : "Not checked: no checksum was known for this file."}
      </li>
    </ul>
  );
}

function RemoveButton({
  model,
  onRemove,
  pending,
}: {
  model: LocalModel;
  onRemove: () => void;
  pending: boolean;
}) {
  const downloading = model.status === "downloading";
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="outline" disabled={pending}>
          {downloading ? <X aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
          {downloading ? "Cancel" : "Remove"}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {downloading ? `Cancel the download of ${model.name}?` : `Remove ${model.name}?`}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {downloading
              ? "What was downloaded so far is deleted."
              : model.source === "file"
                ? "It is no longer offered in the chat. Its file stays in the models folder."
                : "It is no longer offered in the chat, and its file is deleted from the server."}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it</AlertDialogCancel>
          <AlertDialogAction onClick={onRemove}>
            {downloading ? "Cancel download" : "Remove"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
